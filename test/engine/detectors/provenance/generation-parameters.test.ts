import { generationParametersDetector } from '../../../../engine/detectors/provenance/generation-parameters.js';
import { testDetector } from '../../detector-tester.js';
import { insertPngChunks, pagePng, tEXt } from '../image/fixtures.js';

const small = { width: 300, height: 390 };
const a1111 = 'an invoice on a wooden desk\nNegative prompt: text\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 6, Seed: 991, Size: 768x1024';

testDetector(generationParametersDetector, {
  valid: [
    { name: 'PNG with an ordinary description', input: async () => insertPngChunks(await pagePng(small), [tEXt('Description', 'Scan of the March invoice')]) },
  ],
  invalid: [
    {
      name: 'A1111 parameters in a PNG text chunk',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('parameters', a1111)]),
      reasons: ['ai_generated.generation_parameters'],
    },
  ],
});
