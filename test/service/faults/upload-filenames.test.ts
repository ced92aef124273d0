/**
 * Regression (issue 29, item 5): a file name sent as raw UTF-8, as curl and browsers send it,
 * was read as Latin-1 ("Kontoauszug_März.pdf" stored as "Kontoauszug_MÃ¤rz.pdf"): busboy
 * decodes header parameters as Latin-1 unless told otherwise. RFC 5987 `filename*` must be
 * honoured too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, startTestService, type TestService } from '../helpers.js';

const BOUNDARY = 'veracityFilenameBoundary';

/** A multipart body whose file part carries `disposition` verbatim (UTF-8 bytes on the wire). */
function body(disposition: string, pdf: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`, 'utf8'),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

let svc: TestService;
let pdf: Buffer;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  pdf = await makePdf('Kontoauszug März');
});
afterAll(() => svc?.close());

async function submit(disposition: string): Promise<any> {
  const res = await svc.api('/api/v1/document-checks/', {
    body: new Uint8Array(body(disposition, pdf)),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('non-ASCII upload file names', () => {
  it('keeps a UTF-8 filename as sent', async () => {
    const check = await submit('filename="Kontoauszug_März.pdf"');
    expect(check.document.filename).toBe('Kontoauszug_März.pdf');
  });

  it('decodes an RFC 5987 filename* and prefers it to the plain filename', async () => {
    const check = await submit(`filename="Kontoauszug_Marz.pdf"; filename*=UTF-8''Kontoauszug_M%C3%A4rz_%E2%82%AC.pdf`);
    expect(check.document.filename).toBe('Kontoauszug_März_€.pdf');
  });
});
