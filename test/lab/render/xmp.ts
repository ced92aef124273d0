/**
 * XMP packets as issuing systems, editors and generators write them. Only the properties the
 * lab needs: tool names, dates, document ids, edit history, IPTC digital source type.
 */
export interface XmpHistoryEvent {
  action: 'created' | 'saved' | 'edited' | 'converted' | 'derived';
  when: Date;
  softwareAgent: string;
  changed?: string;
}

export interface XmpFields {
  creatorTool?: string;
  producer?: string;
  title?: string;
  createDate?: Date;
  modifyDate?: Date;
  documentId?: string;
  instanceId?: string;
  history?: XmpHistoryEvent[];
  /** IPTC NewsCodes digital source type, e.g. trainedAlgorithmicMedia. */
  digitalSourceType?: string;
}

export const IPTC_SOURCE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** XMP dates carry the offset; we always write UTC. */
export function xmpDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function buildXmp(f: XmpFields): string {
  const props: string[] = [];
  if (f.creatorTool) props.push(`<xmp:CreatorTool>${esc(f.creatorTool)}</xmp:CreatorTool>`);
  if (f.createDate) props.push(`<xmp:CreateDate>${xmpDate(f.createDate)}</xmp:CreateDate>`);
  if (f.modifyDate) props.push(`<xmp:ModifyDate>${xmpDate(f.modifyDate)}</xmp:ModifyDate>`, `<xmp:MetadataDate>${xmpDate(f.modifyDate)}</xmp:MetadataDate>`);
  if (f.producer) props.push(`<pdf:Producer>${esc(f.producer)}</pdf:Producer>`);
  if (f.title) props.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(f.title)}</rdf:li></rdf:Alt></dc:title>`);
  if (f.documentId) props.push(`<xmpMM:DocumentID>${esc(f.documentId)}</xmpMM:DocumentID>`);
  if (f.instanceId) props.push(`<xmpMM:InstanceID>${esc(f.instanceId)}</xmpMM:InstanceID>`);
  if (f.history?.length) {
    const items = f.history
      .map(
        (h) =>
          `<rdf:li rdf:parseType="Resource"><stEvt:action>${h.action}</stEvt:action><stEvt:when>${xmpDate(h.when)}</stEvt:when><stEvt:softwareAgent>${esc(h.softwareAgent)}</stEvt:softwareAgent>${h.changed ? `<stEvt:changed>${esc(h.changed)}</stEvt:changed>` : ''}</rdf:li>`,
      )
      .join('');
    props.push(`<xmpMM:History><rdf:Seq>${items}</rdf:Seq></xmpMM:History>`);
  }
  if (f.digitalSourceType) props.push(`<Iptc4xmpExt:DigitalSourceType>${esc(f.digitalSourceType)}</Iptc4xmpExt:DigitalSourceType>`);
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">',
    ...props,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** uuid-shaped ids from a seed, as XMP toolkits write them. */
export function xmpUuid(seed: number, salt: string): string {
  let h = seed >>> 0;
  let hex = '';
  for (const ch of salt + ':' + seed) {
    h = Math.imul(h ^ ch.charCodeAt(0), 0x5bd1e995) >>> 0;
  }
  for (let i = 0; i < 32; i++) {
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
    hex += (h & 0xf).toString(16);
  }
  return `uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
