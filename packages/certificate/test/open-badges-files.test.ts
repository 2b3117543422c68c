import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bakePng,
  CREDENTIAL_FILE_NAME,
  credentialAttachment,
  isCredentialAttachment,
  OpenBadgeFileError,
  readBakedPng,
  readPdfAttachment,
  renderPdf,
  renderPng,
} from '../src/node.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';
import { run, workDir, writeTemp } from './helpers/tools.ts';

/**
 * A signed OpenBadgeCredential as the signing side produces it (OB 3.0 §8.1, VC Data Model 2.0), with
 * names outside ASCII so every byte path is UTF-8 from end to end.
 */
const credential = JSON.stringify(
  {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: 'urn:uuid:0b3c7b56-6f0e-4a53-9d1e-5b8a2f7c9e41',
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: 'Certificate of Achievement – Zoë Ångström',
    issuer: {
      id: 'did:web:laurel.example:issuers:7f3a9c2e',
      type: ['Profile'],
      name: 'Académie Lumière 王小明 Training',
      url: 'https://academie.example',
      image: { id: 'https://laurel.example/files/logo-7f3a9c2e.png', type: 'Image' },
    },
    validFrom: '2026-03-14T09:26:53Z',
    validUntil: '2027-11-22T23:59:59Z',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: 'sha256$5d41402abc4b2a76b9719d911017c592b0f7d3e1a8c5f4e2d9b6a3c7e8f1d2a4',
          identityType: 'emailAddress',
          hashed: true,
          salt: 'c2FsdC1mb3ItWm/DqQ',
        },
      ],
      name: 'Zoë Ångström',
      achievement: {
        id: 'https://laurel.example/achievements/3e8d1f0a',
        type: ['Achievement'],
        name: 'Advanced Certificate Design',
        description: 'Completed the advanced course « Conception de certificats » with distinction — 高级证书设计.',
        criteria: { narrative: 'Attended all twelve sessions and passed the final review (≥ 80 %).' },
        image: { id: 'https://laurel.example/c/6f1c2a9e4b7d8c3f5a2e9b1d7c4f8a6e/image.png', type: 'Image' },
      },
    },
    evidence: [{ id: 'https://laurel.example/c/6f1c2a9e4b7d8c3f5a2e9b1d7c4f8a6e', type: ['Evidence'], name: 'Certificate page' }],
    credentialStatus: {
      id: 'https://laurel.example/status/7f3a9c2e/1#94567',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '94567',
      statusListCredential: 'https://laurel.example/status/7f3a9c2e/1',
    },
    proof: {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      created: '2026-03-14T09:26:53Z',
      verificationMethod: 'did:web:laurel.example:issuers:7f3a9c2e#key-1',
      proofPurpose: 'assertionMethod',
      proofValue: 'z58DAdFfa9SkqZMVPxAQpic7ndSayn1PzZs6ZjWp1CktyGesjuTSwRdoWhAfGFCF5bppETSTojQCrfFPP2oumHKtz',
    },
  },
  null,
  2,
);

/** Python's struct and zlib as an independent PNG reader: every chunk's CRC checked, the iTXt fields split out. */
const PY_PNG_READER = String.raw`
import json, struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
at, chunks = 8, []
while at < len(data):
    length, kind = struct.unpack('>I4s', data[at:at + 8])
    body = data[at + 8:at + 8 + length]
    crc, = struct.unpack('>I', data[at + 8 + length:at + 12 + length])
    assert crc == zlib.crc32(kind + body) & 0xffffffff, 'bad CRC in ' + kind.decode()
    entry = {'type': kind.decode()}
    if kind == b'iTXt':
        keyword, rest = body.split(b'\0', 1)
        flag, method = rest[0], rest[1]
        lang, translated, text = rest[2:].split(b'\0', 2)
        entry.update(keyword=keyword.decode('latin-1'), flag=flag, method=method, lang=lang.decode(),
                     translated=translated.decode(), text=(zlib.decompress(text) if flag else text).decode('utf-8'))
    chunks.append(entry)
    at += 12 + length
print(json.dumps(chunks))
`;

interface PyChunk {
  type: string;
  keyword?: string;
  flag?: number;
  method?: number;
  lang?: string;
  translated?: string;
  text?: string;
}

function pyChunks(png: Buffer): PyChunk[] {
  return JSON.parse(execFileSync('python3', ['-c', PY_PNG_READER, writeTemp('check.png', png)], { encoding: 'utf8' }));
}

/** Another baker: Python writes a zlib-compressed iTXt credential chunk after IHDR, as the PNG spec allows. */
function pyBakeCompressed(png: Buffer, text: string): Buffer {
  const script = String.raw`
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
body = b'openbadgecredential\0\x01\x00en\0Credential\0' + zlib.compress(open(sys.argv[2], 'rb').read())
chunk = struct.pack('>I', len(body)) + b'iTXt' + body + struct.pack('>I', zlib.crc32(b'iTXt' + body) & 0xffffffff)
ihdr_end = 8 + 12 + struct.unpack('>I', data[8:12])[0]
sys.stdout.buffer.write(data[:ihdr_end] + chunk + data[ihdr_end:])
`;
  return execFileSync('python3', ['-c', script, writeTemp('plain.png', png), writeTemp('credential.json', Buffer.from(text))]);
}

describe('Open Badges credential baked into a PNG', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await renderPng(sampleDesign(), sampleRecipient);
  });

  it('adds one uncompressed iTXt openbadgecredential chunk before IEND, which another reader finds with the same text', () => {
    const baked = bakePng(png, credential);
    const chunks = pyChunks(baked);
    expect(chunks.at(-1)?.type).toBe('IEND');
    expect(chunks.at(-2)).toEqual({
      type: 'iTXt',
      keyword: 'openbadgecredential',
      flag: 0,
      method: 0,
      lang: '',
      translated: '',
      text: credential,
    });
    // Everything else is the original file, chunk for chunk.
    expect(chunks.filter((c) => c.type !== 'iTXt').map((c) => c.type)).toEqual(pyChunks(png).map((c) => c.type));
  });

  it('reads the credential back byte for byte, non-ASCII names included', () => {
    const read = readBakedPng(bakePng(png, credential));
    expect(read).toBe(credential);
    expect(JSON.parse(read!).credentialSubject.name).toBe('Zoë Ångström');
    expect(read).toContain('王小明');
  });

  it('still decodes to the same picture', async () => {
    const before = await loadImage(png);
    const after = await loadImage(bakePng(png, credential));
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const { createCanvas } = await import('@napi-rs/canvas');
    const pixels = (image: typeof before) => {
      const canvas = createCanvas(image.width, image.height);
      canvas.getContext('2d').drawImage(image, 0, 0);
      return canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
    };
    expect(Buffer.from(pixels(after)).equals(Buffer.from(pixels(before)))).toBe(true);
  });

  it('keeps one credential chunk when baked twice, the newer one', () => {
    const newer = credential.replace('Zoë Ångström', 'Zoë Ångström-Lindqvist');
    const twice = bakePng(bakePng(png, credential), newer);
    const credentialChunks = pyChunks(twice).filter((c) => c.keyword === 'openbadgecredential');
    expect(credentialChunks).toHaveLength(1);
    expect(credentialChunks[0]!.text).toBe(newer);
    expect(readBakedPng(twice)).toBe(newer);
    expect(twice.length).toBe(bakePng(png, newer).length);
  });

  it('reads a compressed credential chunk another tool wrote, and replaces it when baking', () => {
    const theirs = pyBakeCompressed(png, credential);
    expect(readBakedPng(theirs)).toBe(credential);
    const rebaked = bakePng(theirs, '{"id":"urn:uuid:1"}');
    expect(
      pyChunks(rebaked)
        .filter((c) => c.keyword === 'openbadgecredential')
        .map((c) => c.text),
    ).toEqual(['{"id":"urn:uuid:1"}']);
  });

  it('answers null for a PNG without a credential', () => {
    expect(readBakedPng(png)).toBeNull();
  });

  it('refuses what is not a PNG, or a PNG cut short, with a clear error', () => {
    const pdf = renderPdf(sampleDesign(), sampleRecipient);
    expect(() => bakePng(pdf, credential)).toThrow(OpenBadgeFileError);
    expect(() => bakePng(pdf, credential)).toThrow(/Not a PNG image/);
    expect(() => readBakedPng(Buffer.from(credential))).toThrow(/Not a PNG image/);
    expect(() => bakePng(png.subarray(0, png.length - 20), credential)).toThrow(/truncated|IEND/);
  });
});

describe('Open Badges credential embedded in a PDF', () => {
  const design = sampleDesign();
  const pdf = renderPdf(design, sampleRecipient, { attachments: [credentialAttachment(credential)] });
  const path = writeTemp('with-credential.pdf', pdf);

  it('is a valid PDF whose embedded files pdfdetach and qpdf list', () => {
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors found');
    expect(run('pdfdetach', ['-list', path])).toMatch(new RegExp(`1 embedded files\\s+1: ${CREDENTIAL_FILE_NAME.replace('.', '\\.')}`));
    expect(run('qpdf', ['--list-attachments', path]).trim()).toMatch(new RegExp(`^${CREDENTIAL_FILE_NAME.replace('.', '\\.')} ->`));
  });

  it('carries the credential byte-identical, as pdfdetach saves it', () => {
    const saved = join(workDir, 'detached-credential.json');
    run('pdfdetach', ['-save', '1', '-o', saved, path]);
    expect(readFileSync(saved).equals(Buffer.from(credential, 'utf8'))).toBe(true);
    expect(run('qpdf', [`--show-attachment=${CREDENTIAL_FILE_NAME}`, path])).toBe(credential);
  });

  it('declares the media type, a description and the Data relationship, and lists it in the catalog /AF', () => {
    // qpdf's JSON v1 gives each object (a stream by its dictionary) under its reference, e.g. "42 0 R".
    const { objects } = JSON.parse(run('qpdf', ['--json=1', '--json-key=objects', path])) as {
      objects: Record<string, Record<string, unknown>>;
    };
    const [specRef, spec] = Object.entries(objects).find(([, o]) => o['/Type'] === '/Filespec')!;
    expect(spec).toMatchObject({
      '/AFRelationship': '/Data',
      '/UF': CREDENTIAL_FILE_NAME,
      '/Desc': expect.stringMatching(/Open Badges 3\.0/),
    });
    const file = objects[(spec['/EF'] as { '/F': string })['/F']]!;
    expect(file).toMatchObject({ '/Type': '/EmbeddedFile', '/Subtype': '/application#2fld+json' });
    const catalog = Object.values(objects).find((o) => o['/Type'] === '/Catalog')!;
    expect(catalog['/AF']).toEqual([specRef]);
  });

  it('reads back byte-identical through readPdfAttachment', async () => {
    const file = await readPdfAttachment(pdf, isCredentialAttachment);
    expect(file?.name).toBe(CREDENTIAL_FILE_NAME);
    expect(file?.content.equals(Buffer.from(credential, 'utf8'))).toBe(true);
  });

  it('reads back the same after qpdf rewrote the file with object streams and compressed streams', async () => {
    const rewritten = join(workDir, 'qpdf-object-streams.pdf');
    execFileSync('qpdf', ['--object-streams=generate', '--compress-streams=y', '--recompress-flate', path, rewritten]);
    // The rewrite really moved objects into object streams behind a cross-reference stream.
    expect(run('qpdf', ['--show-xref', rewritten])).toMatch(/compressed; stream = /);
    const { objects } = JSON.parse(run('qpdf', ['--json=1', '--json-key=objects', rewritten])) as {
      objects: Record<string, Record<string, unknown>>;
    };
    expect(Object.values(objects).find((o) => o['/Type'] === '/EmbeddedFile')).toMatchObject({ '/Filter': '/FlateDecode' });
    const file = await readPdfAttachment(readFileSync(rewritten), isCredentialAttachment);
    expect(file?.content.toString('utf8')).toBe(credential);
  });

  it('picks the file the predicate asks for among several, non-ASCII names included', async () => {
    const many = renderPdf(design, sampleRecipient, {
      attachments: [
        { name: 'Zoë Ångström – transcript.txt', content: 'Grades: A', mime: 'text/plain', description: 'Transcript' },
        credentialAttachment(credential),
      ],
    });
    expect(run('pdfdetach', ['-list', '-enc', 'UTF-8', writeTemp('many.pdf', many)])).toContain('Zoë Ångström – transcript.txt');
    const transcript = await readPdfAttachment(many, (f) => f.mime === 'text/plain');
    expect(transcript?.name).toBe('Zoë Ångström – transcript.txt');
    expect(transcript?.content.toString('utf8')).toBe('Grades: A');
    const found = await readPdfAttachment(many, isCredentialAttachment);
    expect(found?.content.toString('utf8')).toBe(credential);
  });

  it('answers null for a PDF without one, and refuses what is not a PDF', async () => {
    const plain = renderPdf(design, sampleRecipient);
    expect(await readPdfAttachment(plain)).toBeNull();
    expect(run('pdfdetach', ['-list', writeTemp('plain.pdf', plain)])).toMatch(/0 embedded files/);
    await expect(readPdfAttachment(Buffer.from(credential))).rejects.toThrow(/Not a PDF document/);
  });

  it('leaves the pages as they were: same text and page count as without the attachment', () => {
    const plainPath = writeTemp('plain.pdf', renderPdf(design, sampleRecipient));
    expect(run('pdftotext', [path, '-'])).toBe(run('pdftotext', [plainPath, '-']));
    const info = (file: string) => run('pdfinfo', [file]).replace(/(File size|CreationDate):.*\n/g, '');
    expect(info(path)).toBe(info(plainPath));
  });
});
