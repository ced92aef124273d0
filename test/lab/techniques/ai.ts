/**
 * AI-generated samples carrying the provenance markers real generators write: Stable Diffusion
 * `parameters` and ComfyUI `prompt`/`workflow` PNG chunks, IPTC DigitalSourceType in XMP,
 * generator names in EXIF Software / XMP CreatorTool, and a PDF whose XMP declares it.
 */
import sharp from 'sharp';
import { LAB_DOC_TYPES } from '../model/index.js';
import type { DocModel } from '../model/types.js';
import { insertTextChunks } from '../render/png-text.js';
import { renderPdfLib } from '../render/pdflib.js';
import { rasterizePage } from '../render/raster.js';
import { exiftoolWrite } from '../render/transforms.js';
import { buildXmp, IPTC_SOURCE, xmpUuid } from '../render/xmp.js';
import { layoutDocument } from '../layout/layout.js';
import { standardFace } from '../layout/fonts.js';
import type { Rng } from '../util/prng.js';
import { alternatives, metaFor, renderPositioned, start } from './common.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';

const GENERATORS = ['Midjourney v6.1', 'DALL-E 3', 'Adobe Firefly Image 3', 'Stable Diffusion XL', 'Ideogram 2.0', 'Leonardo.Ai'];
const CHECKPOINTS = ['sd_xl_base_1.0.safetensors', 'realisticVisionV60B1_v51VAE.safetensors', 'flux1-dev-fp8.safetensors', 'juggernautXL_v9.safetensors'];

function prompt(model: DocModel): string {
  const who = model.fields.name ? ` for ${model.fields.name}` : '';
  return `photorealistic scan of a ${model.docType.replace('_', ' ')} from ${model.issuer.name}${who}, ${model.issuer.currency} amounts, printed on white paper, sharp text, high detail`;
}

/** The page as a generator would output it: a plain RGB picture, slightly soft. */
async function generatedPage(rng: Rng, model: DocModel, seed: number): Promise<Buffer> {
  const base = await renderPositioned({ ...model }, 'pdfkit', seed);
  const png = await rasterizePage(base.bytes, 1, rng.pick([96, 110, 128]));
  return sharp(png)
    .blur(rng.float(0.4, 0.9))
    .modulate({ brightness: rng.float(0.97, 1.03), saturation: 1.05 })
    .png()
    .toBuffer();
}

function ai(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string, notes?: string): BuiltSample {
  const mime = ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
  return {
    bytes,
    ext,
    label: {
      label: 'ai_generated',
      technique: spec.technique,
      doc_type: model.docType,
      expected_flags: ['ai_generated'],
      fields: { ...model.fields },
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime,
      ...(notes ? { notes } : {}),
    },
  };
}

export const AI_GENERATED: Technique[] = [
  {
    id: 'ai_sd_parameters',
    label: 'ai_generated',
    description: 'PNG with an AUTOMATIC1111-style Stable Diffusion `parameters` text chunk.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { rng, model } = start(spec);
      const png = await generatedPage(rng, model, spec.seed);
      const ckpt = rng.pick(CHECKPOINTS).replace('.safetensors', '');
      const params = `${prompt(model)}\nNegative prompt: blurry, watermark, handwriting, lowres\nSteps: ${rng.int(20, 50)}, Sampler: DPM++ 2M Karras, CFG scale: ${rng.int(5, 9)}, Seed: ${rng.int(1, 4_294_967_295)}, Size: 768x1024, Model hash: ${rng.digits(10)}, Model: ${ckpt}, Version: v1.9.4`;
      return ai(spec, model, insertTextChunks(png, [['parameters', params]]), 'png', `pdfkit page > Stable Diffusion web UI parameters chunk (${ckpt})`);
    },
  },
  {
    id: 'ai_comfyui',
    label: 'ai_generated',
    description: 'PNG with ComfyUI `prompt` and `workflow` JSON text chunks.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { rng, model } = start(spec);
      const png = await generatedPage(rng, model, spec.seed);
      const ckpt = rng.pick(CHECKPOINTS);
      const seed = rng.int(1, 2 ** 31);
      const graph = {
        '3': {
          class_type: 'KSampler',
          inputs: {
            seed,
            steps: rng.int(20, 40),
            cfg: rng.int(4, 8),
            sampler_name: 'euler',
            scheduler: 'normal',
            denoise: 1,
            model: ['4', 0],
            positive: ['6', 0],
            negative: ['7', 0],
            latent_image: ['5', 0],
          },
        },
        '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: ckpt } },
        '5': { class_type: 'EmptyLatentImage', inputs: { width: 768, height: 1024, batch_size: 1 } },
        '6': { class_type: 'CLIPTextEncode', inputs: { text: prompt(model), clip: ['4', 1] } },
        '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, watermark', clip: ['4', 1] } },
        '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
        '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
      };
      const workflow = {
        last_node_id: 9,
        last_link_id: 9,
        nodes: Object.entries(graph).map(([id, n], i) => ({
          id: Number(id),
          type: n.class_type,
          pos: [100 + 250 * i, 200],
          size: [315, 98],
          order: i,
          mode: 0,
        })),
        links: [],
        version: 0.4,
      };
      const bytes = insertTextChunks(png, [
        ['prompt', JSON.stringify(graph)],
        ['workflow', JSON.stringify(workflow)],
      ]);
      return ai(spec, model, bytes, 'png', `pdfkit page > ComfyUI prompt/workflow chunks (${ckpt})`);
    },
  },
  {
    id: 'ai_iptc_source_type',
    label: 'ai_generated',
    description: 'JPEG whose XMP carries IPTC DigitalSourceType trainedAlgorithmicMedia (written by exiftool).',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { rng, model } = start(spec);
      const jpg = await sharp(await generatedPage(rng, model, spec.seed))
        .jpeg({ quality: rng.int(85, 95) })
        .toBuffer();
      const type = rng.chance(0.8) ? 'trainedAlgorithmicMedia' : 'compositeWithTrainedAlgorithmicMedia';
      const bytes = await exiftoolWrite(jpg, 'jpg', [`-XMP-iptcExt:DigitalSourceType=${IPTC_SOURCE}${type}`, '-XMP-dc:Description=Generated image']);
      return ai(spec, model, bytes, 'jpg', `pdfkit page > JPEG > exiftool XMP DigitalSourceType ${type}`);
    },
  },
  {
    id: 'ai_generator_software',
    label: 'ai_generated',
    description: 'JPEG or PNG naming an image generator in EXIF Software or XMP CreatorTool.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { rng, model } = start(spec);
      const png = await generatedPage(rng, model, spec.seed);
      const gen = rng.pick(GENERATORS);
      if (rng.chance(0.5)) {
        const jpg = await sharp(png)
          .jpeg({ quality: rng.int(85, 95) })
          .toBuffer();
        return ai(spec, model, await exiftoolWrite(jpg, 'jpg', [`-EXIF:Software=${gen}`]), 'jpg', `pdfkit page > JPEG > EXIF Software ${gen}`);
      }
      return ai(spec, model, await exiftoolWrite(png, 'png', [`-XMP-xmp:CreatorTool=${gen}`]), 'png', `pdfkit page > PNG > XMP CreatorTool ${gen}`);
    },
  },
  {
    id: 'ai_pdf_xmp',
    label: 'ai_generated',
    description: 'PDF from a document generator whose XMP declares trainedAlgorithmicMedia and names the model.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { rng, model } = start(spec);
      const tool = rng.pick(['DocForge AI 2.1 (GPT-4o)', 'FakeDocs Studio (Gemini 1.5)', 'PaperMint AI Generator 3']);
      const meta = { ...metaFor(model), creator: tool };
      const xmp = buildXmp({
        creatorTool: tool,
        producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
        createDate: model.createdAt,
        modifyDate: model.createdAt,
        digitalSourceType: `${IPTC_SOURCE}trainedAlgorithmicMedia`,
        documentId: xmpUuid(spec.seed, 'ai'),
      });
      const bytes = await renderPdfLib(layoutDocument(model, standardFace(model.issuer.font)), meta, { xmp });
      return ai(spec, model, bytes, 'pdf', `pdf-lib (${tool}, XMP DigitalSourceType)`);
    },
  },
];
