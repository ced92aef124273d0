/**
 * Family H, parser confusion: files whose syntax lets readers choose, built so that one reader
 * shows the issuer's statement or invoice and another shows the same document with a different
 * figure or name ("Portable Document Flaws 101" classes, our own generators). Each class also has
 * a genuine twin: the same syntax trick with the same content in every reading, which must stay
 * clear (sloppy writers produce these tricks without deceiving anyone).
 */
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import { standardFace } from '../../layout/fonts.js';
import { findItem, layoutDocument } from '../../layout/layout.js';
import type { DocModel, EditTarget } from '../../model/types.js';
import { alternatives, fieldsAfter, metaFor, start } from '../common.js';
import { contentEdit, overrides } from '../family-b/shared.js';
import type { BuiltSample, SampleSpec, Technique } from '../types.js';
import {
  HEADER,
  NUM,
  baseObjects,
  literal,
  pageContent,
  pageDict,
  streamBody,
  toBytes,
  whiteOut,
  writeParts,
  xrefOf,
  type BaseDoc,
  type Part,
} from './confusion-syntax.js';

/** What a class needs: the base document, the page the edit is on, and the other reading's content (null for the twin). */
interface Scene {
  doc: BaseDoc;
  page: number;
  real: string;
  alt: string | null;
  /** The other content, or the real one for the twin (same content in every reading). */
  other: string;
  /** A number no base object uses. */
  spare: number;
  nums: number[];
  trailer: string;
}

interface ConfusionClass {
  id: string;
  description: string;
  build(s: Scene): string;
}

const FLAGS: FlagCode[] = ['structural_anomaly'];
const TAIL_COMMENT = '% end of page content';

/** The objects with one of them replaced or extra parts placed before or after a given object. */
function around(s: Scene, num: number, before: Part[], after: Part[], replace?: Part): Part[] {
  return baseObjects(s.doc).flatMap((o) => (o.num === num ? [...before, replace ?? o, ...after] : [o]));
}

const whole = (s: Scene, parts: Part[], over?: Parameters<typeof xrefOf>[2]) => writeParts([...parts, xrefOf(s.nums, s.trailer, over)], HEADER);
const content = (s: Scene) => NUM.content(s.page);
/** The real content, then bytes a /Length-trusting reader never reads: another page painted over it (a comment for the twin). */
const tail = (s: Scene) => `${s.real}\n${s.alt ? whiteOut(s.doc.layout, s.alt) : TAIL_COMMENT}`;
const altStream = (s: Scene) => streamBody(s.other);

const CLASSES: ConfusionClass[] = [
  {
    id: 'length_vs_endstream',
    description: "A content stream's /Length ends before endstream: the bytes after it paint another page for readers that scan to endstream.",
    build: (s) => whole(s, around(s, content(s), [], [], { kind: 'obj', num: content(s), body: streamBody(tail(s), '', s.real.length) })),
  },
  {
    id: 'length_twice',
    description: 'Two /Length keys in one stream dictionary: first-wins readers read the issuer content, last-wins readers more.',
    build: (s) => {
      const data = tail(s);
      return whole(
        s,
        around(s, content(s), [], [], {
          kind: 'obj',
          num: content(s),
          body: `<< /Length ${s.real.length} /Length ${data.length} >>\nstream\n${data}\nendstream`,
        }),
      );
    },
  },
  {
    id: 'stream_eol_cr',
    description: '`stream` followed by a lone CR, /Length ending early: the readings split on where data starts and ends.',
    build: (s) =>
      whole(s, around(s, content(s), [], [], { kind: 'obj', num: content(s), body: `<< /Length ${s.real.length} >>\nstream\r${tail(s)}\nendstream` })),
  },
  {
    id: 'stream_eol_none',
    description: '`stream` followed directly by the data, /Length ending early.',
    // A tokenising reader sees no stream at all there, so the twin keeps the glued stream off the page (an unused copy).
    build: (s) =>
      s.alt
        ? whole(s, around(s, content(s), [], [], { kind: 'obj', num: content(s), body: `<< /Length ${s.real.length} >>\nstream${tail(s)}\nendstream` }))
        : whole({ ...s, nums: [...s.nums, s.spare] }, [
            ...baseObjects(s.doc),
            { kind: 'obj', num: s.spare, body: `<< /Length ${s.real.length} >>\nstream${s.real}\nendstream` },
          ]),
  },
  {
    id: 'garbage_before_object',
    description: 'Junk before the content object hides an object-like definition that scanning readers take first.',
    build: (s) => {
      const fake = s.alt ? `${content(s)} 0 obj\n${altStream(s)}\nendobj\n` : 'x'.repeat(24) + '\n';
      return whole(s, around(s, content(s), [{ kind: 'raw', text: `\x00\x01\x02garbage\x7f\n${fake}\x03junk\n` }], []));
    },
  },
  {
    id: 'object_commented_out',
    description: 'A second definition of the content after a % comment marker: tokenising readers skip the line, byte scanners take it.',
    build: (s) => whole(s, around(s, content(s), [], [{ kind: 'raw', text: `%${content(s)} 0 obj ${altStream(s)}\nendobj\n` }])),
  },
  {
    id: 'endobj_commented_out',
    description: 'The Info object ends in a commented-out endobj, followed by an unlisted redefinition of the content.',
    build: (s) =>
      whole(
        s,
        around(s, NUM.info, [], [{ kind: 'raw', text: `${content(s)} 0 obj\n${altStream(s)}\nendobj\n` }], {
          kind: 'obj',
          num: NUM.info,
          body: s.doc.info,
          end: '%endobj',
        }),
      ),
  },
  {
    id: 'duplicate_object_first_listed',
    description: 'The content object defined twice in one save; the xref lists the first, scanning readers take the last.',
    build: (s) => whole(s, around(s, content(s), [], [{ kind: 'obj', num: content(s), body: altStream(s), tag: 'second' }])),
  },
  {
    id: 'duplicate_object_last_listed',
    description: 'The content object defined twice in one save; the xref lists the last, first-wins readers take the first.',
    build: (s) => whole(s, around(s, content(s), [{ kind: 'obj', num: content(s), body: altStream(s), tag: 'first' }], [])),
  },
  {
    id: 'xref_entries_swapped',
    description: "Two xref entries swapped: the table sends the page's content to another object's bytes.",
    // The twin swaps the Info dictionary with an identical copy: a swapped page content, even an
    // identical one, makes pdf.js drop the page's text, which is a broken file, not a twin.
    build: (s) => {
      const [swapped, copy] = s.alt ? [content(s), altStream(s)] : [NUM.info, s.doc.info];
      return whole(s, [...baseObjects(s.doc), { kind: 'obj', num: s.spare, body: copy }], (at) => [
        [swapped, at.of(s.spare)],
        [s.spare, at.of(swapped)],
      ]);
    },
  },
  {
    id: 'xref_points_elsewhere',
    description: 'The xref offset of the content points at an earlier definition of the same number, not at the one scanning readers keep.',
    build: (s) => whole(s, [{ kind: 'obj', num: content(s), body: altStream(s), tag: 'early' }, ...baseObjects(s.doc)], (at) => [[content(s), at.of('early')]]),
  },
  {
    id: 'free_in_use',
    description: 'A second content stream painted over the page is defined in the body but marked free in the xref.',
    build: (s) => {
      const page = NUM.page(s.page);
      const overlay = s.alt ? whiteOut(s.doc.layout, s.alt) : '';
      const pageObj: Part = { kind: 'obj', num: page, body: pageDict(s.doc.layout, `[${content(s)} 0 R ${s.spare} 0 R]`) };
      return whole(s, [...around(s, page, [], [], pageObj), { kind: 'obj', num: s.spare, body: streamBody(overlay) }], () => [[s.spare, 'free']]);
    },
  },
  {
    id: 'count_vs_kids',
    description: 'The page tree lists one page more than its /Count: readers trusting /Count never show it.',
    build: (s) => {
      const n = s.doc.contents.length;
      const kids = [...s.doc.contents.map((_, i) => NUM.page(i)), ...(s.alt ? [s.spare] : [])];
      const objs = baseObjects(s.doc, { kids, count: s.alt ? n : n + 1 });
      const extra: Part[] = s.alt
        ? [
            { kind: 'obj', num: s.spare, body: pageDict(s.doc.layout, s.spare + 1) },
            { kind: 'obj', num: s.spare + 1, body: altStream(s) },
          ]
        : [];
      return whole({ ...s, nums: [...s.nums, ...(s.alt ? [s.spare, s.spare + 1] : [])] }, [...objs, ...extra]);
    },
  },
  {
    id: 'orphan_page',
    description: 'A second page dictionary naming the page tree as parent but absent from its kids: readers rebuilding the page list show it.',
    build: (s) => {
      // The twin is a page kept aside with no parent (a template): no reader lists it.
      const page = pageDict(s.doc.layout, s.spare + 1);
      const body = s.alt ? page : page.replace(` /Parent ${NUM.pages} 0 R`, '');
      // /Count counts it, the kids do not: a reader that checks one against the other rebuilds the page list.
      return whole({ ...s, nums: [...s.nums, s.spare, s.spare + 1] }, [
        ...baseObjects(s.doc, { count: s.doc.contents.length + 1 }),
        { kind: 'obj', num: s.spare, body },
        { kind: 'obj', num: s.spare + 1, body: altStream(s) },
      ]);
    },
  },
  {
    id: 'page_dict_twice',
    description: 'The page dictionary defined twice in one save, each with its own content stream.',
    build: (s) => {
      const page = NUM.page(s.page);
      const second: Part = { kind: 'obj', num: page, body: pageDict(s.doc.layout, s.spare), tag: 'second' };
      return whole({ ...s, nums: [...s.nums, s.spare] }, [...around(s, page, [], [second]), { kind: 'obj', num: s.spare, body: altStream(s) }], (at) => [
        [page, at.of(page)],
      ]);
    },
  },
  ...(['xref', 'trailer', 'eof'] as const).map((missing): ConfusionClass => ({
    id: `update_without_${missing}`,
    description: `An incremental update redefining the content, written without its ${missing === 'eof' ? '%%EOF' : missing}: recovering readers apply it, strict ones do not.`,
    build: (s) => {
      const base = whole(s, baseObjects(s.doc));
      const obj: Part = { kind: 'obj', num: content(s), body: altStream(s) };
      const prev = /startxref\n(\d+)/.exec(base)![1];
      const omit =
        missing === 'xref'
          ? { table: true, trailer: true, startxref: true, eof: true }
          : missing === 'trailer'
            ? { trailer: true, startxref: true }
            : { eof: true };
      const sect: Part = { kind: 'xref', trailer: `${s.trailer} /Prev ${prev}`, entries: (at) => [[content(s), at.of(content(s))]], omit };
      return writeParts([obj, sect], base);
    },
  })),
  {
    id: 'inner_document',
    description: 'A complete second document appended after the first, with its own header and offsets: readers starting at the last %%EOF show it.',
    build: (s) => whole(s, baseObjects(s.doc)) + whole(s, baseObjects(s.doc, { contents: s.doc.contents.map((c, i) => (i === s.page ? s.other : c)) })),
  },
];

function pdfDate(d: Date): string {
  return `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

function scene(model: DocModel, edit: EditTarget | null, realEdit: EditTarget): Scene {
  const face = standardFace(model.issuer.font);
  const layout = layoutDocument(model, face);
  const altLayout = layoutDocument(model, face, overrides(realEdit));
  const page = Math.max(0, findItem(layout, realEdit.key)?.page ?? 0);
  const contents = layout.pages.map((_, i) => pageContent(layout, i));
  const meta = metaFor(model);
  const info = `<< /Producer ${literal(model.issuer.system)} /Creator ${literal(model.issuer.system)} /Title ${literal(meta.title)} /CreationDate (${pdfDate(meta.creationDate)}) >>`;
  const alt = edit ? pageContent(altLayout, page) : null;
  const n = contents.length;
  const nums = [NUM.catalog, NUM.pages, NUM.regular, NUM.bold, NUM.info, ...contents.flatMap((_, i) => [NUM.page(i), NUM.content(i)])];
  return {
    doc: { layout, contents, info },
    page,
    real: contents[page],
    alt,
    other: alt ?? contents[page],
    spare: NUM.free(n),
    nums,
    trailer: `/Size ${NUM.free(n) + 2} /Root 1 0 R /Info 5 0 R`,
  };
}

function sample(spec: SampleSpec, model: DocModel, bytes: Uint8Array, cls: ConfusionClass, edit: EditTarget | null, page: number): BuiltSample {
  return {
    bytes,
    ext: 'pdf',
    label: {
      label: edit ? 'tampered' : 'genuine',
      technique: spec.technique,
      family: 'H',
      doc_type: model.docType,
      expected_flags: edit ? FLAGS : [],
      fields: fieldsAfter(model, null),
      ...alternatives(model),
      producer: model.issuer.system,
      seed: spec.seed,
      mime: 'application/pdf',
      // No edit record: which reading the text pipeline sees (and so whether the figures still add
      // up for it) depends on the reader, so the edit's own traces are not promised.
      notes: edit
        ? `parser confusion: ${cls.id}; page ${page + 1} reads "${edit.before}" or "${edit.after}" depending on the reader`
        : `same syntax, same content: ${cls.id}`,
    },
  };
}

function technique(cls: ConfusionClass, deceptive: boolean): Technique {
  return {
    id: `h_confusion_${cls.id}${deceptive ? '' : '_twin'}`,
    label: deceptive ? 'tampered' : 'genuine',
    family: 'H',
    description: deceptive ? cls.description : `Genuine twin of ${cls.id}: the same syntax with the same content in every reading.`,
    docTypes: ['bank_statement', 'invoice'],
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model, ['amount', 'name', 'date']);
      const s = scene(model, deceptive ? edit : null, edit);
      return sample(spec, model, toBytes(cls.build(s)), cls, deceptive ? edit : null, s.page);
    },
  };
}

export const CONFUSION_H: Technique[] = CLASSES.flatMap((c) => [technique(c, true), technique(c, false)]);
