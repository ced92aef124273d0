/**
 * Reads a C2PA manifest store (JUMBF) with @trustnxt/c2pa-ts into the facts provenance checks
 * need: per manifest, its claim generator and actions (with digitalSourceType and software
 * agent). Stores that the library cannot fully parse (older or non-conforming writers) still
 * get a byte-level scan for source-type terms, since CBOR keeps text strings verbatim.
 * Signature and hash validation are not done here: a marker of AI origin counts whether or not
 * the manifest still validates (an invalidated manifest is not evidence of human origin).
 */
// The C2PA library (its crypto stack) costs ~0.3 s to load and only images with a C2PA box need
// it: loaded on first use, so PDFs and plain photos (and `veracity check`'s start-up) never pay.
export const loadC2paLibrary = async () => {
  const [{ SuperBox }, { ManifestStore }, { JPEG, PNG }] = await Promise.all([
    import('@trustnxt/c2pa-ts/jumbf'),
    import('@trustnxt/c2pa-ts/manifest'),
    import('@trustnxt/c2pa-ts/asset'),
  ]);
  return { SuperBox, ManifestStore, JPEG, PNG };
};

export interface C2paAction {
  action: string;
  digitalSourceType?: string;
  softwareAgent?: string;
}

export interface C2paManifestSummary {
  label: string;
  claimGenerator: string;
  actions: C2paAction[];
  active: boolean;
}

export interface C2paSummary {
  /** False when the library could not parse the store; `rawSourceTypes` is then all we know. */
  parsed: boolean;
  manifests: C2paManifestSummary[];
  /** Every IPTC digital source type URI found verbatim in the bytes. */
  rawSourceTypes: string[];
}

const SOURCE_TYPE_URI = /https?:\/\/cv\.iptc\.org\/newscodes\/digitalsourcetype\/[A-Za-z]+/g;

function agentName(agent: unknown): string | undefined {
  if (typeof agent === 'string') return agent;
  if (agent && typeof agent === 'object' && 'name' in agent && typeof (agent as { name: unknown }).name === 'string') return (agent as { name: string }).name;
  return undefined;
}

const cache = new WeakMap<Uint8Array, C2paSummary>();

export async function readC2pa(jumbf: Uint8Array): Promise<C2paSummary> {
  const hit = cache.get(jumbf);
  if (hit) return hit;
  const raw = Buffer.from(jumbf.buffer, jumbf.byteOffset, jumbf.length).toString('latin1');
  const summary: C2paSummary = { parsed: false, manifests: [], rawSourceTypes: [...new Set(raw.match(SOURCE_TYPE_URI) ?? [])] };
  try {
    const { ManifestStore, SuperBox } = await loadC2paLibrary();
    const store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf)));
    const active = store.getActiveManifest();
    summary.manifests = store.manifests.map((m) => ({
      label: m.label ?? '',
      claimGenerator: [m.claim?.claimGeneratorName, m.claim?.claimGeneratorInfo].filter(Boolean).join(' '),
      active: m === active,
      actions: (m.assertions?.getActionAssertions() ?? []).flatMap((a) =>
        a.actions.map((x) => ({
          action: String(x.action),
          digitalSourceType: x.digitalSourceType ? String(x.digitalSourceType) : undefined,
          softwareAgent: agentName(x.softwareAgent),
        })),
      ),
    }));
    summary.parsed = true;
  } catch {
    // Non-conforming stores are common in the wild; the byte scan above still stands.
  }
  cache.set(jumbf, summary);
  return summary;
}
