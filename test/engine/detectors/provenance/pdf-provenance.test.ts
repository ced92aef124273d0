import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { generatorSoftwareDetector } from '../../../../engine/detectors/provenance/generator-software.js';
import { iptcSourceTypeDetector } from '../../../../engine/detectors/provenance/iptc-source-type.js';
import { testDetector } from '../../detector-tester.js';
import { xmpPacket } from '../image/fixtures.js';

async function pdf(opts: { producer?: string; creator?: string; xmp?: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Invoice 2024-118  Total 1,250.00 EUR', { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (opts.producer) doc.setProducer(opts.producer);
  if (opts.creator) doc.setCreator(opts.creator);
  if (opts.xmp) {
    const stream = doc.context.stream(opts.xmp, { Type: 'Metadata', Subtype: 'XML' });
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
  }
  return doc.save({ useObjectStreams: false });
}

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

testDetector(generatorSoftwareDetector, {
  valid: [{ name: 'office PDF', input: () => pdf({ producer: 'Microsoft® Word for Microsoft 365', creator: 'Microsoft® Word' }) }],
  invalid: [
    {
      name: 'PDF whose Creator is an image generator',
      input: () => pdf({ creator: 'Midjourney', producer: 'macOS Quartz PDFContext' }),
      reasons: ['ai_generated.generator_software'],
    },
  ],
});

testDetector(iptcSourceTypeDetector, {
  valid: [
    {
      name: 'PDF XMP declaring a digital capture',
      input: () => pdf({ xmp: xmpPacket(`<Iptc4xmpExt:DigitalSourceType>${IPTC}digitalCapture</Iptc4xmpExt:DigitalSourceType>`) }),
    },
  ],
  invalid: [
    {
      name: 'PDF XMP declaring trainedAlgorithmicMedia',
      input: () => pdf({ xmp: xmpPacket(`<Iptc4xmpExt:DigitalSourceType>${IPTC}trainedAlgorithmicMedia</Iptc4xmpExt:DigitalSourceType>`) }),
      reasons: ['ai_generated.iptc_source_type'],
    },
  ],
});
