/**
 * Generation parameters that image-generation tools write into the file: AUTOMATIC1111/Forge
 * `parameters` text (also in EXIF UserComment of JPEGs), ComfyUI `prompt`/`workflow` graphs,
 * InvokeAI and NovelAI metadata, Midjourney job descriptions, and A1111's stealth pnginfo in
 * pixel LSBs. Each is an explicit statement by the generator that it made the image.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';

interface Marker {
  tool: string;
  source: string;
  excerpt: string;
}

const A1111_PARAMS = /\bSteps:\s*\d+[\s\S]*\b(?:Sampler|Seed|CFG scale):/;
const MIDJOURNEY = /\bJob ID:\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isComfyPrompt(text: string): boolean {
  const j = parseJson(text);
  return !!j && typeof j === 'object' && Object.values(j as Record<string, unknown>).some((n) => !!n && typeof n === 'object' && 'class_type' in (n as object));
}

function isComfyWorkflow(text: string): boolean {
  const j = parseJson(text) as { nodes?: unknown; links?: unknown } | null;
  return !!j && Array.isArray(j.nodes) && (Array.isArray(j.links) || 'last_node_id' in j);
}

function isNovelAiComment(text: string): boolean {
  const j = parseJson(text) as Record<string, unknown> | null;
  return !!j && typeof j === 'object' && 'steps' in j && ('sampler' in j || 'seed' in j) && ('scale' in j || 'uc' in j || 'prompt' in j);
}

function excerpt(s: string): string {
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
}

function textMarkers(text: Record<string, string>): Marker[] {
  const out: Marker[] = [];
  for (const [key, value] of Object.entries(text)) {
    const k = key.toLowerCase();
    const at = `png:${key}`;
    if (k === 'parameters' && (A1111_PARAMS.test(value) || /fooocus/i.test(value)))
      out.push({ tool: /fooocus/i.test(value) ? 'Fooocus' : 'AUTOMATIC1111-style Stable Diffusion UI', source: at, excerpt: excerpt(value) });
    else if (k === 'prompt' && isComfyPrompt(value)) out.push({ tool: 'ComfyUI', source: at, excerpt: excerpt(value) });
    else if (k === 'workflow' && isComfyWorkflow(value)) out.push({ tool: 'ComfyUI', source: at, excerpt: excerpt(value) });
    else if (k === 'invokeai_metadata' || k === 'invokeai_graph' || k === 'sd-metadata' || (k === 'dream' && value.length > 0))
      out.push({ tool: 'InvokeAI', source: at, excerpt: excerpt(value) });
    else if ((k === 'software' || k === 'source') && /novelai/i.test(value)) out.push({ tool: 'NovelAI', source: at, excerpt: excerpt(value) });
    else if (k === 'comment' && isNovelAiComment(value)) out.push({ tool: 'NovelAI', source: at, excerpt: excerpt(value) });
    else if (MIDJOURNEY.test(value) && /--(?:v|ar|style|stylize|chaos)\b|midjourney/i.test(value))
      out.push({ tool: 'Midjourney', source: at, excerpt: excerpt(value) });
  }
  return out;
}

function exifMarkers(ctx: DetectorContext): Marker[] {
  const m = ctx.image!.metadata;
  const out: Marker[] = [];
  for (const key of ['UserComment', 'ImageDescription', 'description', 'Description']) {
    const raw = m[key];
    const value = typeof raw === 'string' ? raw : raw && typeof raw === 'object' && 'value' in raw ? String((raw as { value: unknown }).value) : '';
    if (!value) continue;
    if (A1111_PARAMS.test(value)) out.push({ tool: 'AUTOMATIC1111-style Stable Diffusion UI', source: `metadata:${key}`, excerpt: excerpt(value) });
    else if (MIDJOURNEY.test(value)) out.push({ tool: 'Midjourney', source: `metadata:${key}`, excerpt: excerpt(value) });
  }
  return out;
}

const EMITS = [{ flag: 'ai_generated', reasons: ['generation_parameters', 'stealth_parameters'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const generationParametersDetector = defineDetector({
  meta: {
    id: 'provenance/generation-parameters',
    description: 'Prompts, samplers and workflows that image generators embed in the file.',
    appliesTo: ['image'],
    needs: ['image', 'stealthMagic'],
    emits: EMITS,
  },
  async run(ctx) {
    const image = ctx.image;
    if (!image) return [];
    const markers = [...textMarkers(image.pngText), ...exifMarkers(ctx)];
    const findings: Found[] = [];
    if (markers.length) {
      const first = markers[0];
      findings.push({
        flag: 'ai_generated',
        code: 'ai_generated.generation_parameters',
        summary: `The file carries generation parameters written by ${first.tool} (${first.source}).`,
        pages: [1],
        strength: STRENGTH['ai_generated.generation_parameters'],
        evidence: { tool: first.tool, source: first.source, excerpt: first.excerpt, markers: markers.map((x) => `${x.tool} @ ${x.source}`) },
      });
    } else if (image.format === 'png') {
      const magic = await ctx.facts.get('stealthMagic');
      if (magic) {
        findings.push({
          flag: 'ai_generated',
          code: 'ai_generated.stealth_parameters',
          summary: `Generation parameters are hidden in the pixel bits ("${magic}" stealth pnginfo of Stable Diffusion web UIs).`,
          pages: [1],
          strength: STRENGTH['ai_generated.stealth_parameters'],
          evidence: { magic, source: 'pixel LSBs' },
        });
      }
    }
    return findings;
  },
});
