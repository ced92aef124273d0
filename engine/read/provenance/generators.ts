/**
 * Names of generative-image products as they appear in Software / CreatorTool / Producer tags
 * and C2PA claim generators. Patterns are anchored on product names, not on words that also
 * name cameras or office tools (a "Gemini" camera exists; "Designer" alone is a common word).
 */
const GENERATORS: Array<{ name: string; pattern: RegExp }> = [
  { name: 'DALL-E', pattern: /\bdall.?e(?:[\s-]?[23])?\b/iu },
  { name: 'Midjourney', pattern: /\bmidjourney\b/i },
  { name: 'Adobe Firefly', pattern: /\bfirefly\b/i },
  { name: 'Stable Diffusion', pattern: /\bstable[\s_-]?diffusion\b|\bsdxl\b|\bdreamstudio\b|\bstability\.?ai\b/i },
  { name: 'Google Imagen', pattern: /\bgoogle imagen\b|\bimagen-[234]|\bgoogle (?:ai|gemini)\b|\bnano banana\b/i },
  { name: 'Amazon Titan Image Generator', pattern: /\btitan image generator\b|\bamazon[\s_]bedrock\b/i },
  { name: 'Bing Image Creator', pattern: /\bbing image creator\b|\bimage creator from microsoft designer\b|\bmicrosoft designer\b/i },
  { name: 'OpenAI', pattern: /\bopenai\b|\bchatgpt\b|\bgpt-4o\b|\bsora\b/i },
  { name: 'NovelAI', pattern: /\bnovelai\b/i },
  { name: 'Leonardo.Ai', pattern: /\bleonardo\.?ai\b/i },
  { name: 'Ideogram', pattern: /\bideogram\b/i },
  { name: 'FLUX', pattern: /\bflux(?:\.1)?[\s-](?:dev|schnell|pro)\b|\bblack forest labs\b/i },
  { name: 'ComfyUI', pattern: /\bcomfyui\b/i },
  { name: 'AUTOMATIC1111', pattern: /\bautomatic1111\b|\bstable-diffusion-webui\b/i },
  { name: 'InvokeAI', pattern: /\binvokeai\b/i },
  { name: 'Fooocus', pattern: /\bfooocus\b/i },
  { name: 'Craiyon', pattern: /\bcraiyon\b/i },
  { name: 'NightCafe', pattern: /\bnightcafe\b/i },
  { name: 'Runway', pattern: /\brunwayml\b|\brunway gen-?\d\b/i },
  { name: 'Playground AI', pattern: /\bplayground\s?(?:ai|v\d)\b/i },
  { name: 'Canva AI', pattern: /\bcanva (?:magic media|text to image|dream lab)\b/i },
];

/** The generator a free-text software name points to, or null. */
export function generatorNamed(text: string): string | null {
  for (const g of GENERATORS) if (g.pattern.test(text)) return g.name;
  return null;
}
