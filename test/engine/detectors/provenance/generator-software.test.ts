import { generatorSoftwareDetector } from '../../../../engine/detectors/provenance/generator-software.js';
import { testDetector } from '../../detector-tester.js';
import { insertPngChunks, pageJpeg, pagePng, tEXt } from '../image/fixtures.js';
import { STATEMENT_LINES, buildRawPdf } from '../../read/pdf/structure/fixtures.js';

const small = { width: 300, height: 390 };
const pdf = (creator: string) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info: { Producer: '(Skia/PDF m120)', Creator: `(${creator})` } });

testDetector(generatorSoftwareDetector, {
  valid: [
    { name: 'PNG written by a screenshot tool', input: async () => insertPngChunks(await pagePng(small), [tEXt('Software', 'Greenshot')]) },
    { name: 'PDF printed from a browser', input: () => pdf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0') },
  ],
  invalid: [
    {
      name: 'EXIF Artist naming Stable Diffusion',
      input: () => pageJpeg({ ...small, exif: { IFD0: { Artist: 'Stable Diffusion XL' } } }),
      reasons: ['ai_generated.generator_software'],
    },
    { name: 'PDF whose Creator is DALL-E', input: () => pdf('DALL-E 3'), reasons: ['ai_generated.generator_software'] },
  ],
});
