import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { c2paAiDetector } from '../../../../engine/detectors/provenance/c2pa-ai.js';
import { c2paIntegrityDetector } from '../../../../engine/detectors/provenance/c2pa-integrity.js';
import { generationParametersDetector } from '../../../../engine/detectors/provenance/generation-parameters.js';
import { generatorSoftwareDetector } from '../../../../engine/detectors/provenance/generator-software.js';
import { iptcSourceTypeDetector } from '../../../../engine/detectors/provenance/iptc-source-type.js';
import { aiSourceKind } from '../../../../engine/read/provenance/source-types.js';
import { generatorNamed } from '../../../../engine/read/provenance/generators.js';
import { testDetector } from '../../detector-tester.js';
import { corpusFile, corpusPath } from '../../../support/environment.js';
import { cameraExif, insertPngChunks, iTXt, pageJpeg, pagePng, tEXt, xmpPacket } from '../image/fixtures.js';

const corpus = corpusFile;
const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

const small = { width: 300, height: 390 };

/** A caBX chunk whose JUMBF is not a valid manifest store but names a source type verbatim. */
function brokenManifest(sourceType: string) {
  return {
    type: 'caBX',
    data: Buffer.concat([Buffer.from('\0\0\0\x40jumb\0\0\0\x10jumdc2pa', 'latin1'), Buffer.from(`digitalSourceType${IPTC}${sourceType}`, 'latin1')]),
  };
}

testDetector(c2paAiDetector, {
  valid: [
    { name: 'camera capture with content credentials (Truepic, Pixel 5)', input: corpus('c2pa/truepic-20230212-camera.jpg') },
    { name: 'photo edited with content credentials (opened, colour adjustments)', input: corpus('c2pa/adobe-20220124-CA.jpg') },
    { name: 'synthetic page without a manifest', input: () => pagePng(small) },
    { name: 'unreadable manifest naming digitalCapture', input: async () => insertPngChunks(await pagePng(small), [brokenManifest('digitalCapture')]) },
  ],
  invalid: [
    {
      name: 'Amazon Titan output with c2pa.created trainedAlgorithmicMedia',
      input: corpus('ai-generated/c2pa/amazon-titan-g1.png'),
      reasons: ['ai_generated.c2pa_generated'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.9),
    },
    {
      name: 'unreadable manifest naming trainedAlgorithmicMedia',
      input: async () => insertPngChunks(await pagePng(small), [brokenManifest('trainedAlgorithmicMedia')]),
      reasons: ['ai_generated.c2pa_generated'],
    },
    {
      name: 'unreadable manifest naming a composite',
      input: async () => insertPngChunks(await pagePng(small), [brokenManifest('compositeWithTrainedAlgorithmicMedia')]),
      reasons: ['ai_generated.c2pa_composite'],
    },
  ],
});

const xmpSource = (form: 'attr' | 'resource', type: string) =>
  xmpPacket(
    form === 'attr'
      ? `<Iptc4xmpExt:DigitalSourceType>${IPTC}${type}</Iptc4xmpExt:DigitalSourceType>`
      : `<Iptc4xmpExt:DigitalSourceType rdf:resource="${IPTC}${type}"/>`,
  );

testDetector(iptcSourceTypeDetector, {
  valid: [
    { name: 'XMP declaring a digital capture', input: () => pageJpeg({ ...small, xmp: xmpSource('attr', 'digitalCapture') }) },
    { name: 'XMP declaring algorithmic enhancement only', input: () => pageJpeg({ ...small, xmp: xmpSource('resource', 'algorithmicallyEnhanced') }) },
    { name: 'no XMP', input: () => pageJpeg(small) },
  ],
  invalid: [
    {
      name: 'JPEG XMP trainedAlgorithmicMedia',
      input: () => pageJpeg({ ...small, xmp: xmpSource('attr', 'trainedAlgorithmicMedia') }),
      reasons: ['ai_generated.iptc_source_type'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.9),
    },
    {
      name: 'PNG XMP composite as rdf:resource',
      input: async () => insertPngChunks(await pagePng(small), [iTXt('XML:com.adobe.xmp', xmpSource('resource', 'compositeWithTrainedAlgorithmicMedia'))]),
      reasons: ['ai_generated.iptc_source_type'],
    },
  ],
});

/** Writes `text` into the alpha LSBs column by column, the way A1111 stealth pnginfo does. */
async function stealthPng(text: string, width = 64, height = 64): Promise<Uint8Array> {
  const data = Buffer.alloc(width * height * 4, 200);
  const bits = [...Buffer.from(text, 'latin1')].flatMap((c) => [7, 6, 5, 4, 3, 2, 1, 0].map((b) => (c >> b) & 1));
  for (let i = 0; i < width * height; i++) {
    const x = Math.floor(i / height);
    const y = i % height;
    data[(y * width + x) * 4 + 3] = 254 | (bits[i] ?? 1);
  }
  return new Uint8Array(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

const comfyPrompt = JSON.stringify({
  '3': { inputs: { seed: 1, steps: 20 }, class_type: 'KSampler' },
  '4': { inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' }, class_type: 'CheckpointLoaderSimple' },
});
const a1111 = 'a receipt from a coffee shop\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 12345, Size: 512x768';

testDetector(generationParametersDetector, {
  valid: [
    {
      name: 'ordinary PNG text chunks',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('Comment', 'Scanned for the records'), tEXt('parameters', 'dpi=300')]),
    },
    { name: 'alpha channel without a stealth stream', input: () => stealthPng('just some bits here') },
    { name: 'camera JPEG', input: () => pageJpeg({ ...small, exif: cameraExif() }) },
  ],
  invalid: [
    {
      name: 'AUTOMATIC1111 parameters chunk',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('parameters', a1111)]),
      reasons: ['ai_generated.generation_parameters'],
    },
    {
      name: 'ComfyUI prompt chunk',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('prompt', comfyPrompt)]),
      reasons: ['ai_generated.generation_parameters'],
      check: (f) => expect(f[0].evidence.tool).toBe('ComfyUI'),
    },
    {
      name: 'A1111 parameters in a JPEG UserComment (corpus)',
      input: corpus('ai-generated/sd-parsers/automatic1111_cropped.jpg'),
      reasons: ['ai_generated.generation_parameters'],
    },
    { name: 'stealth pnginfo in alpha LSBs', input: () => stealthPng('stealth_pnginfo\0\0\0\x20hidden'), reasons: ['ai_generated.stealth_parameters'] },
  ],
});

testDetector(generatorSoftwareDetector, {
  valid: [
    { name: 'Photoshop as EXIF Software', input: () => pageJpeg({ ...small, exif: { IFD0: { Software: 'Adobe Photoshop 25.0 (Windows)' } } }) },
    { name: 'a camera whose name contains Gemini', input: () => pageJpeg({ ...small, exif: { IFD0: { Make: 'Trust.', Model: 'Gemini11' } } }) },
  ],
  invalid: [
    {
      name: 'EXIF Software DALL-E',
      input: () => pageJpeg({ ...small, exif: { IFD0: { Software: 'DALL-E 3' } } }),
      reasons: ['ai_generated.generator_software'],
    },
    {
      name: 'XMP CreatorTool Adobe Firefly',
      input: () => pageJpeg({ ...small, xmp: xmpPacket('<xmp:CreatorTool>Adobe Firefly</xmp:CreatorTool>') }),
      reasons: ['ai_generated.generator_software'],
    },
    {
      name: 'PNG Software Midjourney',
      input: async () => insertPngChunks(await pagePng(small), [tEXt('Software', 'Midjourney v6')]),
      reasons: ['ai_generated.generator_software'],
    },
  ],
});

describe('vocabularies', () => {
  it('counts only trained-model source types as AI', () => {
    expect(aiSourceKind(`${IPTC}trainedAlgorithmicMedia`)).toBe('generated');
    expect(aiSourceKind('compositeWithTrainedAlgorithmicMedia')).toBe('composite');
    expect(aiSourceKind(`${IPTC}algorithmicMedia`)).toBeNull();
    expect(aiSourceKind(`${IPTC}digitalCapture`)).toBeNull();
  });
  it('names generators without matching look-alike words', () => {
    expect(generatorNamed('Made with Stable Diffusion XL')).toBe('Stable Diffusion');
    expect(generatorNamed('Editor de imagen 2.1')).toBeNull();
    expect(generatorNamed('Microsoft Word')).toBeNull();
    expect(generatorNamed('DALL·E')).toBe('DALL-E');
  });
});

testDetector(c2paIntegrityDetector, {
  valid: [
    { name: 'signed camera capture, untouched', input: corpus('c2pa/truepic-20230212-camera.jpg') },
    { name: 'signed edit, untouched', input: corpus('c2pa/adobe-20220124-CA.jpg') },
    { name: 'credentials with only a timestamp warning', input: corpus('c2pa/CA_ct.jpg') },
    { name: 'synthetic page without credentials', input: () => pagePng(small) },
  ],
  invalid: [
    { name: 'pixels changed after signing (corpus XCA)', input: corpus('c2pa/adobe-20220124-XCA.jpg'), reasons: ['signature_invalidated.c2pa_asset_changed'] },
    {
      name: 'signed image with a pixel changed afterwards',
      needs: ['corpus'],
      input: async () => {
        const b = Buffer.from(readFileSync(corpusPath('c2pa/adobe-20220124-CA.jpg')));
        // Flip one byte near the end of the entropy-coded data (inside the hashed range).
        b[b.length - 200] ^= 0x01;
        return new Uint8Array(b);
      },
      reasons: ['signature_invalidated.c2pa_asset_changed'],
    },
    {
      name: 'assertion altered after signing (corpus E-uri)',
      input: corpus('c2pa/adobe-20220124-E-uri-CA.jpg'),
      reasons: ['signature_invalidated.c2pa_manifest_altered'],
    },
  ],
});
