/**
 * A disk cache of the code Fastify compiles from the route schemas (Ajv validators for requests,
 * fast-json-stringify serializers for responses). Compiling them is most of the work of building
 * the app (~2 s of CPU); with the cache, every later app built from the same schemas — another
 * instance, a restart, each API test file — loads the generated code instead.
 *
 * Each entry is named by a hash of everything the generated code depends on: the schema, the shared
 * schemas, the compiler options, the part of the request or response, and the compilers' versions.
 * An entry is written once, atomically (temp file + rename), so processes sharing the directory
 * never read a half-written one. The directory must be the app's own: its files are executed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StandaloneValidator } from '@fastify/ajv-compiler';
import { StandaloneSerializer } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
// Fastify's own typings of these factories disagree with its runtime (`httpPart`, `httpStatus`): ours.
type RouteSchemaOptions = { schema: unknown; method?: string; url?: string; httpPart?: string; httpStatus?: string; contentType?: string };
type CompilerFactory = (externalSchemas: object, options: object) => (route: RouteSchemaOptions) => unknown;

// The generated code requires its compilers' runtime helpers (ajv-formats, fast-json-stringify/lib/…):
// this module's own require, so they load in the same realm as the app (a Date is a Date).
const requireFromHere: NodeJS.Require = require;

function versionOf(name: string): string {
  return (requireFromHere(`${name}/package.json`) as { version: string }).version;
}

const COMPILER_VERSIONS = ['ajv', 'ajv-formats', 'fast-json-stringify', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler']
  .map((name) => `${name}@${versionOf(name)}`)
  .join(' ');

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * `context` is the digest of what a factory shares across routes (shared schemas, options: as JSON,
 * which drops the plugin functions those options carry; the plugins are fixed by the versions).
 */
function entryName(kind: string, context: string, route: RouteSchemaOptions): string {
  const { schema, httpPart, httpStatus, contentType } = route;
  return `${kind}-${digest(JSON.stringify({ context, schema, httpPart, httpStatus, contentType }))}.js`;
}

// Apps built in one process (the instances of a test file) share what was loaded: restoring a
// serializer builds an Ajv instance for its unions, the costliest part of a load.
const loaded = new Map<string, unknown>();

function load(file: string): unknown {
  const known = loaded.get(file);
  if (known) return known;
  let code: string;
  try {
    code = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromHere);
  loaded.set(file, module.exports);
  return module.exports;
}

function store(file: string, code: string): void {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, code);
  fs.renameSync(temp, file);
}

type StoreFunction = (route: RouteSchemaOptions, code: string) => void;
/** A compiler factory in write mode (@fastify/ajv-compiler's or fast-json-stringify-compiler's standalone). */
type WritingFactory = (options: { readMode: false; storeFunction: StoreFunction }) => unknown;

/**
 * One of Fastify's compiler factories over the cache: a route's entry is loaded when it exists, else
 * compiled by `writing` (which stores the code) and then loaded, so a first build and a cached one
 * hand Fastify the same function.
 */
function cachedFactory(kind: string, directory: string, writing: WritingFactory): CompilerFactory {
  return (externalSchemas, options) => {
    const context = digest(JSON.stringify({ COMPILER_VERSIONS, externalSchemas, options }));
    let compile: ((route: RouteSchemaOptions) => unknown) | undefined;
    let file = '';
    return (route: RouteSchemaOptions) => {
      file = path.join(directory, entryName(kind, context, route));
      const cached = load(file);
      if (cached) return cached;
      compile ??= (writing({ readMode: false, storeFunction: (_route, code) => store(file, code) }) as CompilerFactory)(
        externalSchemas,
        options,
      );
      compile(route);
      return load(file);
    };
  };
}

/** Fastify's compilers, reading and writing generated code in `directory`. */
export function cachedSchemaCompilers(directory: string): CompilersFactory {
  fs.mkdirSync(directory, { recursive: true });
  return {
    buildValidator: cachedFactory('validator', directory, StandaloneValidator as unknown as WritingFactory),
    buildSerializer: cachedFactory('serializer', directory, StandaloneSerializer as unknown as WritingFactory),
  } as unknown as CompilersFactory;
}
