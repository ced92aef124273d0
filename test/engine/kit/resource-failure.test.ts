import { describe, expect, it } from 'vitest';
import { isResourceFailure } from '../../../engine/kit/resource-failure.js';
import { toEngineError } from '../../../engine/read/pdf/text/pdfjs.js';

describe('resource failures', () => {
  it('names allocation failures resource_limit, never a generic or corrupt-document error', () => {
    expect(toEngineError(new Error('Create skia surface failed')).code).toBe('resource_limit');
    expect(toEngineError(new RangeError('Array buffer allocation failed')).code).toBe('resource_limit');
    expect(toEngineError(Object.assign(new Error('Cannot create a Buffer larger than 4 GiB'), { code: 'ERR_BUFFER_TOO_LARGE' })).code).toBe('resource_limit');
    expect(isResourceFailure(Object.assign(new Error('worker terminated'), { code: 'ERR_WORKER_OUT_OF_MEMORY' }))).toBe(true);
  });

  it('leaves syntax failures to corrupt_document', () => {
    expect(isResourceFailure(new Error('Invalid PDF structure.'))).toBe(false);
    expect(toEngineError(new Error('Invalid PDF structure.')).code).toBe('corrupt_document');
  });
});
