import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { c2paAiDetector } from '../../../../engine/detectors/provenance/c2pa-ai.js';
import { testDetector } from '../../detector-tester.js';
import { insertPngChunks, pagePng } from '../image/fixtures.js';

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
const small = { width: 300, height: 390 };

/** A caBX chunk whose JUMBF is no valid manifest store but names a source type verbatim. */
const unreadableStore = (sourceType: string) => ({
  type: 'caBX',
  data: Buffer.concat([Buffer.from('\0\0\0\x40jumb\0\0\0\x10jumdc2pa', 'latin1'), Buffer.from(`digitalSourceType${IPTC}${sourceType}`, 'latin1')]),
});

testDetector(c2paAiDetector, {
  valid: [{ name: 'unreadable store naming a scan of a print', input: async () => insertPngChunks(await pagePng(small), [unreadableStore('digitizedPrint')]) }],
  invalid: [
    {
      name: 'unreadable store naming trained algorithmic media: the store-level strength',
      input: async () => insertPngChunks(await pagePng(small), [unreadableStore('trainedAlgorithmicMedia')]),
      reasons: ['ai_generated.c2pa_generated'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['ai_generated.c2pa_generated'].unreadableStore),
    },
  ],
});
