/**
 * Content credentials that no longer match the file: C2PA binds the manifest to the asset's
 * bytes with a hash (hard binding) and to its assertions with hashed URIs. A hard-binding
 * mismatch means the pixels or file were changed after the credentials were signed; a hashed
 * URI mismatch means the manifest itself was altered. Validation is offline (@trustnxt/c2pa-ts);
 * trust-list and timestamp problems are not reasons here (genuine files have them).
 */
import type { Asset } from '@trustnxt/c2pa-ts/asset';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { loadC2paLibrary } from '../../read/provenance/c2pa.js';
import { STRENGTH } from '../strengths.js';

const HARD_BINDING = ['assertion.dataHash.mismatch', 'assertion.bmffHash.mismatch', 'assertion.boxesHash.mismatch'];
const MANIFEST_ALTERED = ['assertion.hashedURI.mismatch'];

async function failedCodes(bytes: Uint8Array): Promise<string[] | null> {
  try {
    const { JPEG, PNG, ManifestStore, SuperBox } = await loadC2paLibrary();
    const asset: Asset | null = JPEG.canRead(bytes) ? new JPEG(bytes) : PNG.canRead(bytes) ? new PNG(bytes) : null;
    const jumbf = asset?.getManifestJUMBF();
    if (!asset || !jumbf) return null;
    const store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf)));
    const result = await store.validate(asset);
    return result.statusEntries.filter((e) => !e.success).map((e) => String(e.code));
  } catch {
    // Unreadable stores are common; not being able to check is not a finding.
    return null;
  }
}

const EMITS = [{ flag: 'signature_invalidated', reasons: ['c2pa_asset_changed', 'c2pa_manifest_altered'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const c2paIntegrityDetector = defineDetector({
  meta: {
    id: 'provenance/c2pa-integrity',
    description: 'C2PA content credentials whose hashes no longer match the image or the manifest.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
  },
  async run(ctx) {
    if (!ctx.image?.jumbf) return [];
    const codes = await failedCodes(new Uint8Array(ctx.bytes));
    if (!codes) return [];
    const out: Found[] = [];
    const binding = codes.filter((c) => HARD_BINDING.includes(c));
    if (binding.length) {
      out.push({
        flag: 'signature_invalidated',
        code: 'signature_invalidated.c2pa_asset_changed',
        summary: 'The image was changed after its C2PA content credentials were signed: the signed hash of the file no longer matches.',
        pages: [1],
        strength: STRENGTH['signature_invalidated.c2pa_asset_changed'],
        evidence: { validation: [...new Set(binding)] },
      });
    }
    const altered = codes.filter((c) => MANIFEST_ALTERED.includes(c));
    if (altered.length) {
      out.push({
        flag: 'signature_invalidated',
        code: 'signature_invalidated.c2pa_manifest_altered',
        summary: 'The C2PA content credentials were altered after signing: an assertion no longer matches its signed hash.',
        pages: [1],
        strength: STRENGTH['signature_invalidated.c2pa_manifest_altered'],
        evidence: { validation: [...new Set(altered)] },
      });
    }
    return out;
  },
});
