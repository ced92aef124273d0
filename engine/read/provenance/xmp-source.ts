/** Values of an XMP property written as attribute, element text or rdf:resource, any prefix. */
export function xmpValues(xmp: string, localName: string): string[] {
  const out: string[] = [];
  const name = `[A-Za-z0-9_-]+:${localName}`;
  const attr = new RegExp(`${name}\\s*=\\s*"([^"]*)"|${name}\\s*=\\s*'([^']*)'`, 'g');
  const elem = new RegExp(`<(${name})\\b([^>]*?)(?:/>|>([\\s\\S]*?)</\\1>)`, 'g');
  for (const m of xmp.matchAll(attr)) out.push(m[1] ?? m[2]);
  for (const m of xmp.matchAll(elem)) {
    const resource = /rdf:resource\s*=\s*["']([^"']*)["']/.exec(m[2]);
    if (resource) out.push(resource[1]);
    // Element text, possibly inside rdf:Alt/Seq/Bag items.
    if (m[3] !== undefined) {
      const items = [...m[3].matchAll(/<rdf:li\b[^>]*>([^<]*)<\/rdf:li>/g)].map((x) => x[1]);
      out.push(...(items.length ? items : [m[3].replace(/<[^>]*>/g, '')]));
    }
  }
  return out.map((v) => v.trim()).filter((v) => v.length > 0);
}
