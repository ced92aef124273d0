import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { iptcSourceTypeDetector } from '../../../../engine/detectors/provenance/iptc-source-type.js';
import { testDetector } from '../../detector-tester.js';
import { pageJpeg, xmpPacket } from '../image/fixtures.js';
import { STATEMENT_LINES, buildRawPdf } from '../../read/pdf/structure/fixtures.js';

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
const source = (type: string) => xmpPacket(`<Iptc4xmpExt:DigitalSourceType>${IPTC}${type}</Iptc4xmpExt:DigitalSourceType>`);
const pdf = (type: string) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info: { Producer: '(Adobe PDF Library 17.0)' }, xmp: source(type) });

testDetector(iptcSourceTypeDetector, {
  valid: [
    { name: 'JPEG declaring a scan of a print', input: () => pageJpeg({ width: 300, height: 390, xmp: source('digitizedPrint') }) },
    { name: 'PDF declaring a digital capture', input: () => pdf('digitalCapture') },
  ],
  invalid: [
    {
      name: 'JPEG declaring a composite with AI content',
      input: () => pageJpeg({ width: 300, height: 390, xmp: source('compositeWithTrainedAlgorithmicMedia') }),
      reasons: ['ai_generated.iptc_source_type'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['ai_generated.iptc_source_type'].composite),
    },
    { name: 'PDF declaring trained algorithmic media', input: () => pdf('trainedAlgorithmicMedia'), reasons: ['ai_generated.iptc_source_type'] },
  ],
});
