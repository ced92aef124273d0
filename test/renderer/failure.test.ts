/** The failed-check account the check page shows (unit level: the page renders these strings). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DocumentCheck } from '../../renderer/src/api/contract.js';
import { FailedAnalysis } from '../../renderer/src/components/FailedAnalysis.js';
import { TechnicalDetails } from '../../renderer/src/components/TechnicalDetails.js';
import { CHECK_ERROR_CODES } from '../../contract/enums.js';
import { failureAccount, NOT_RUN } from '../../renderer/src/lib/failure.js';

describe('failureAccount', () => {
  it('says the analysis did not run, why (code and message) and what to do', () => {
    const a = failureAccount({ type: 'api_error', code: 'corrupt_document', message: 'The PDF ends before its cross-reference table.' });
    expect(a.headline).toMatch(/did not run/);
    expect(a.why).toBe('corrupt_document: The PDF ends before its cross-reference table.');
    expect(a.next).toMatch(/original file/);
    expect(a.next).toMatch(/review this document by hand/);
  });

  it('has a next step of its own for every reason a check can fail', () => {
    const steps = CHECK_ERROR_CODES.map((code) => failureAccount({ type: 'api_error', code, message: 'm' }).next);
    expect(new Set(steps).size).toBe(CHECK_ERROR_CODES.length);
  });

  it('never reads like a clean check', () => {
    const a = failureAccount(null);
    for (const text of [a.headline, a.why, a.next, NOT_RUN]) expect(text).not.toMatch(/No flags|Every applicable check ran|when the analysis completes/);
  });
});

describe('the failed check page sections', () => {
  const engine = { version: '1.0.0', mode: 'full', incomplete: [] } as unknown as DocumentCheck['engine'];

  it('technical details say no check ran, not that every check ran', () => {
    const html = renderToStaticMarkup(createElement(TechnicalDetails, { engine, failed: true }));
    expect(html).toContain('The analysis did not run');
    expect(html).not.toContain('Every applicable check ran');
  });

  it('technical details say that a password opened the file, never the password', () => {
    const html = renderToStaticMarkup(createElement(TechnicalDetails, { engine: { ...engine, password_supplied: true } }));
    expect(html).toContain('A password was supplied to open the PDF');
    expect(renderToStaticMarkup(createElement(TechnicalDetails, { engine }))).not.toContain('password');
  });

  it('technical details name the checks that could not read what they need, not "every applicable check ran"', () => {
    const incomplete = [
      { detector: 'content/arithmetic-error', cause: 'unreadable', checks: ['arithmetic_error.invoice_total'], message: 'The totals could not be read.' },
    ];
    const html = renderToStaticMarkup(createElement(TechnicalDetails, { engine: { ...engine, incomplete } as DocumentCheck['engine'] }));
    expect(html).toContain('Partial analysis:');
    expect(html).toContain('The totals could not be read.');
    expect(html).toContain('Not checked: <span class="mono">arithmetic_error.invoice_total</span>');
    expect(html).not.toContain('Every applicable check ran');
  });

  it('the Why section gives the error code, its message and what to do', () => {
    const html = renderToStaticMarkup(createElement(FailedAnalysis, { error: { type: 'api_error', code: 'corrupt_document', message: 'Truncated.' } }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('corrupt_document: Truncated.');
    expect(html).toContain('What to do: The file is damaged or incomplete');
  });
});
