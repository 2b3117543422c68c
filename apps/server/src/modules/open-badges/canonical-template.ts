/// <reference path="./libraries.d.ts" />
import { randomInt } from 'node:crypto';
import jsonld from 'jsonld';
import * as rdfCanonize from 'rdf-canonize';

/**
 * RDF canonicalisation (RDFC-1.0) of JSON-LD documents that share a shape, at a fraction of its usual cost.
 *
 * Turning JSON-LD into RDF (expansion, then toRDF) is what makes signing slow: jsonld.js copies active
 * contexts over and over for the Open Badges context's many scoped contexts. A send signs thousands of
 * credentials that differ only in a few values (recipient, salt, token-bearing URLs, dates, status index),
 * so the RDF of one is the RDF of the next with those values changed. A document's *shape* is its JSON with
 * the values at the declared slot paths replaced by placeholders; the RDF of a shape is computed once, by
 * jsonld.js itself, and each document's dataset is that template with its own values put back in the terms
 * that carry the placeholders. RDFC-1.0 (rdf-canonize) then runs on the dataset as usual: it is cheap on
 * some fifty quads. The values are put into terms, never into N-Quads text, so no escaping is involved:
 * rdf-canonize writes the canonical form exactly as it would for jsonld.js's own dataset.
 *
 * Why a value may be put back as it is:
 * - a string in a literal position becomes the literal's lexical form unchanged. The only conversions
 *   jsonld.js applies (`@json`, xsd:double, `@vocab`/`@id` coercion) would change the placeholder too, and
 *   a placeholder that does not come out whole sends the shape to the slow path;
 * - an IRI is kept as it is when it is absolute and its prefix (the scheme, and `//` after it or not) is not
 *   a term of the context. The placeholder has the value's own prefix, so the template proves that for the
 *   shape, and the shape key includes the prefix. Values with characters N-Quads or jsonld.js treat
 *   differently (white space, controls, angle brackets, quotes, braces, `|`, `^`, a backtick, a backslash)
 *   take the slow path.
 * Placeholders are kind-aware (a dateTime for dates, digits for integers), so a conversion reserved to
 * such values would show on the template too.
 *
 * Safety: a shape is templated only the second time it is seen (a one-off document, such as a status list,
 * costs one ordinary canonicalisation and no more), and then both ways: if the two differ the shape is
 * marked slow-only for the life of the process and `warn` is told once. The cache assumes, as jsonld.js's
 * own resolved-context cache does, that a context URL always resolves to the same context.
 */

export type SlotKind = 'iri' | 'dateTime' | 'integer' | 'text';

/** A dotted path into the document (`*` for each element of an array) and the kind of value found there. */
export type Slot = readonly [path: string, kind: SlotKind];

export type CanonizeOptions = Record<string, unknown>;
export type Canonize = (input: object, options?: CanonizeOptions) => Promise<string>;

interface Term {
  termType: string;
  value: string;
  datatype?: Term;
  language?: string;
}
interface Quad {
  subject: Term;
  predicate: Term;
  object: Term;
  graph: Term;
}

/** A shape's dataset, each term position marked with the slot it carries (-1: none). */
interface Template {
  quads: Quad[];
  slots: Int32Array;
}

interface Shape {
  /** The JSON with placeholders: the same for every document of the shape. */
  key: string;
  values: string[];
  markers: { marker: string; kind: SlotKind }[];
}

type Entry = { state: 'seen' } | { state: 'building' } | { state: 'slow' } | { state: 'ready'; template: Template };

const IRI = /^[A-Za-z][A-Za-z0-9+.-]*:(\/\/)?/;
/** What jsonld.js does not take as part of an absolute IRI (`\s`), and what N-Quads does not allow in one. */
const IRI_UNSAFE = /[\s\p{Cc}<>"{}|^`\\]/u;
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const INTEGER = /^(0|[1-9]\d*)$/;

const SHAPES_KEPT = 256;
const POSITIONS = ['subject', 'predicate', 'object', 'graph'] as const;

/** The options @digitalbazaar/eddsa-rdfc-2022-cryptosuite gives jsonld.js and rdf-canonize. */
function toRdfOptions(options: CanonizeOptions): CanonizeOptions {
  const merged: CanonizeOptions = { algorithm: 'RDFC-1.0', base: null, safe: true, rdfDirection: 'i18n-datatype', ...options };
  delete merged.format;
  return { ...merged, produceGeneralizedRdf: false };
}
function canonizeOptions(options: CanonizeOptions): CanonizeOptions {
  return { algorithm: 'RDFC-1.0', format: 'application/n-quads', base: null, safe: true, ...options };
}

export interface TemplateCanonicaliser {
  canonize: Canonize;
  /** How many canonicalisations took each path: for tests and measurements. */
  readonly counts: { fast: number; slow: number };
}

export function templateCanonicaliser(options: {
  slots: readonly Slot[];
  /** The canonicalisation the template must agree with: the cryptosuite's own. */
  slow: Canonize;
  warn?: (message: string) => void;
}): TemplateCanonicaliser {
  const { slots, slow } = options;
  const warn = options.warn ?? (() => {});
  const paths = slots.map(([path, kind]) => ({ keys: path.split('.'), kind }));
  // Random digits in every placeholder, so no value a document carries is mistaken for one.
  const nonce = String(randomInt(100_000, 1_000_000)) + String(randomInt(100_000, 1_000_000));
  const shapes = new Map<string, Entry>();
  const counts = { fast: 0, slow: 0 };

  function placeholder(kind: SlotKind, n: number, value: string): string | null {
    const serial = String(n).padStart(3, '0');
    switch (kind) {
      case 'iri': {
        const prefix = IRI.exec(value);
        return prefix && !IRI_UNSAFE.test(value) ? `${prefix[0]}laurel-slot-${nonce}-${serial}` : null;
      }
      case 'dateTime':
        return DATE_TIME.test(value) ? `1970-01-01T00:00:00.${nonce}${serial}Z` : null;
      case 'integer':
        return INTEGER.test(value) ? `${nonce}${serial}` : null;
      case 'text':
        return `laurel-slot-${nonce}-${serial}`;
    }
  }

  /**
   * The document's shape (its JSON with placeholders) and its slot values in order; null when a slot's
   * value is not of its kind, and the document takes the slow path.
   */
  function shapeOf(document: object): Shape | null {
    const values: string[] = [];
    const markers: Shape['markers'] = [];
    const shape = structuredClone(document) as Record<string, unknown>;
    for (const { keys, kind } of paths) {
      const holders: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
      const walk = (node: unknown, depth: number) => {
        if (node === null || typeof node !== 'object') return;
        const key = keys[depth]!;
        if (key === '*') {
          if (!Array.isArray(node)) return;
          if (depth === keys.length - 1) for (const index of node.keys()) holders.push({ parent: node, key: index });
          else for (const item of node) walk(item, depth + 1);
          return;
        }
        if (Array.isArray(node) || !Object.hasOwn(node, key)) return;
        if (depth === keys.length - 1) holders.push({ parent: node as Record<string, unknown>, key });
        else walk((node as Record<string, unknown>)[key], depth + 1);
      };
      walk(shape, 0);
      for (const { parent, key } of holders) {
        const value = (parent as Record<string | number, unknown>)[key];
        if (typeof value !== 'string') continue; // not a slot here: it stays part of the shape
        const marker = placeholder(kind, values.length, value);
        if (marker === null) return null;
        (parent as Record<string | number, unknown>)[key] = marker;
        values.push(value);
        markers.push({ marker, kind });
      }
    }
    return { key: JSON.stringify(shape), values, markers };
  }

  /** The template of a shape, or null when its RDF does not carry every placeholder whole, where a slot may be. */
  async function buildTemplate(shape: Shape, options: CanonizeOptions): Promise<Template | null> {
    const { key, markers } = shape;
    // Each placeholder once in the JSON, where it was put: the nonce appears nowhere else.
    if (key.split(nonce).length - 1 !== markers.length) return null;
    const slotOf = new Map(markers.map(({ marker }, slot) => [marker, slot]));
    const quads = (await jsonld.toRDF(JSON.parse(key), toRdfOptions(options))) as Quad[];
    const slots = new Int32Array(quads.length * POSITIONS.length).fill(-1);
    const seen = new Set<number>();
    for (const [q, quad] of quads.entries()) {
      for (const [p, position] of POSITIONS.entries()) {
        const term = quad[position];
        if (term.datatype?.value.includes(nonce)) return null;
        const slot = slotOf.get(term.value);
        if (slot === undefined) {
          if (term.value.includes(nonce)) return null;
          continue;
        }
        // An IRI slot as a subject, object or graph name, or a literal; any other slot only as a literal.
        const allowed =
          term.termType === 'Literal' || (markers[slot]!.kind === 'iri' && term.termType === 'NamedNode' && position !== 'predicate');
        if (!allowed) return null;
        slots[q * POSITIONS.length + p] = slot;
        seen.add(slot);
      }
    }
    return seen.size === markers.length ? { quads, slots } : null;
  }

  async function fast(template: Template, values: string[], options: CanonizeOptions): Promise<string> {
    const { quads, slots } = template;
    const dataset: Quad[] = [];
    const distinct = new Set<string>();
    for (const [q, quad] of quads.entries()) {
      const base = q * POSITIONS.length;
      const filled: Quad = {
        subject: fill(quad.subject, slots[base]!, values),
        predicate: quad.predicate,
        object: fill(quad.object, slots[base + 2]!, values),
        graph: fill(quad.graph, slots[base + 3]!, values),
      };
      // Two slots given the same IRI make one node, as jsonld.js would merge them: the same quad once.
      const id = quadKey(filled);
      if (distinct.has(id)) continue;
      distinct.add(id);
      dataset.push(filled);
    }
    return rdfCanonize.canonize(dataset, canonizeOptions(options));
  }

  async function slowPath(input: object, options: CanonizeOptions) {
    counts.slow++;
    return slow(input, options);
  }

  function remember(key: string, entry: Entry) {
    shapes.delete(key);
    shapes.set(key, entry);
    if (shapes.size > SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
  }

  const canonize: Canonize = async (input, options = {}) => {
    const shape = shapeOf(input);
    if (!shape) return slowPath(input, options);
    const entry = shapes.get(shape.key);
    if (entry?.state === 'ready') {
      counts.fast++;
      return fast(entry.template, shape.values, options);
    }
    if (!entry) {
      remember(shape.key, { state: 'seen' });
      return slowPath(input, options);
    }
    if (entry.state !== 'seen') return slowPath(input, options);

    // The second document of this shape: build its template and check it against the slow path.
    remember(shape.key, { state: 'building' });
    let expected: string;
    try {
      expected = await slowPath(input, options);
    } catch (error) {
      remember(shape.key, { state: 'seen' }); // this document's fault, not the shape's: the next one tries again
      throw error;
    }
    let template: Template | null = null;
    let problem = 'a placeholder did not come out whole in its RDF';
    try {
      template = await buildTemplate(shape, options);
      if (template && (await fast(template, shape.values, options)) !== expected) {
        template = null;
        problem = 'its canonical form differed from the usual one';
      }
    } catch (error) {
      problem = `its template failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    remember(shape.key, template ? { state: 'ready', template } : { state: 'slow' });
    if (!template) warn(`A document shape is canonicalised the usual way from now on: ${problem}.`);
    return expected;
  };

  return { canonize, counts };
}

function fill(term: Term, slot: number, values: string[]): Term {
  return slot < 0 ? term : { ...term, value: values[slot]! };
}

const termKey = (term: Term) => `${term.termType}\u0000${term.value}\u0000${term.datatype?.value ?? ''}\u0000${term.language ?? ''}`;
const quadKey = (quad: Quad) =>
  `${termKey(quad.subject)}\u0001${termKey(quad.predicate)}\u0001${termKey(quad.object)}\u0001${termKey(quad.graph)}`;
