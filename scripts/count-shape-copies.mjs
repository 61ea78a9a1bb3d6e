#!/usr/bin/env node
// Counts hand-written copies of API shapes: named object types (`interface X { … }`, `type X = { … }`)
// outside contracts/ whose fields are those of a TypeBox schema in contracts/src/schemas (the one
// source of every request and response shape, see docs/ARCHITECTURE.md). A copy should be the
// schema's Static<> type (or a Pick/Omit of it) instead.
//
//   node scripts/count-shape-copies.mjs            prints each copy and the count (exit 0)
//   node scripts/count-shape-copies.mjs --check    the same, exit 1 when any copy is found
//   node scripts/count-shape-copies.mjs --root DIR scan another tree (the test plants copies in one)
//
// A declaration counts as a copy when it has at least MIN_FIELDS fields, every field is a field of
// one schema object, and it names at least half of that object's fields (a type that only shares a
// field or two with a large schema is a different thing). Types of the API's own database rows
// (db/schema/) and of test files are not API shapes. A declaration whose doc comment says
// `@parsedFrom <Schema>` is the typed reading of a loosely typed request (every field `unknown` on the
// wire) and counts apart: it is listed, with its reason in the code, not counted as a copy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MIN_FIELDS = 2;
const WORKSPACES = [
  'api/src',
  'shared/src',
  'shell/src',
  'remote-articles/src',
  'remote-categories/src',
  'remote-importers/src',
  'remote-admin/src',
  'remote-desk/src',
];
const NOT_API_SHAPES = [/^api\/src\/db\/schema\//, /\.test\.tsx?$/, /(^|\/)test\//, /\.d\.ts$/];

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const parse = (file) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const nameOf = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined);

/** The field names of every `Type.Object({ … })` in the contracts' schemas, named by the variable or function holding it. */
export function schemaObjects(files) {
  const objects = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node, owner) => {
      let holder = owner;
      if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name) holder = node.name.getText(source);
      if (
        ts.isCallExpression(node) &&
        node.expression.getText(source) === 'Type.Object' &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        const fields = node.arguments[0].properties.map((property) => property.name && nameOf(property.name)).filter(Boolean);
        if (fields.length > 0) objects.push({ name: `${path.basename(file)}:${holder ?? '?'}`, fields: new Set(fields) });
      }
      ts.forEachChild(node, (child) => visit(child, holder));
    };
    visit(source, undefined);
  }
  return objects;
}

/** The named object types of a file: interfaces and type aliases of a plain object literal type. */
export function declaredShapes(file) {
  const source = parse(file);
  const shapes = [];
  const members = (list) => list.filter((member) => ts.isPropertySignature(member) && member.name).map((member) => nameOf(member.name));
  const parsedFrom = (node) =>
    ts
      .getJSDocTags(node)
      .find((tag) => tag.tagName.text === 'parsedFrom')
      ?.comment?.toString()
      .trim();
  const visit = (node) => {
    const shape = { name: node.name?.text, line: line(source, node), parsedFrom: parsedFrom(node) };
    if (ts.isInterfaceDeclaration(node)) shapes.push({ ...shape, fields: members(node.members) });
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
      shapes.push({ ...shape, fields: members(node.type.members) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shapes.map((shape) => ({ ...shape, fields: shape.fields.filter(Boolean) }));
}

const line = (source, node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** Each declared shape of `files` that copies one of `schemas` (see the rule at the top). */
export function shapeCopies(root, files, schemas) {
  const copies = [];
  const readings = [];
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (NOT_API_SHAPES.some((pattern) => pattern.test(relative))) continue;
    for (const shape of declaredShapes(file)) {
      if (shape.fields.length < MIN_FIELDS) continue;
      const schema = schemas.find(
        (candidate) => shape.fields.every((field) => candidate.fields.has(field)) && shape.fields.length * 2 >= candidate.fields.size,
      );
      if (!schema) continue;
      const where = `${relative}:${shape.line} ${shape.name}`;
      if (shape.parsedFrom && schema.name.endsWith(`:${shape.parsedFrom}`)) readings.push(`${where}: the typed reading of ${schema.name}`);
      else copies.push(`${where} {${shape.fields.join(', ')}} copies ${schema.name}`);
    }
  }
  return { copies, readings };
}

export function countShapeCopies(root) {
  const schemas = schemaObjects(sourceFiles(path.join(root, 'contracts', 'src', 'schemas')).filter((file) => !/\.test\.ts$/.test(file)));
  const files = WORKSPACES.flatMap((workspace) => sourceFiles(path.join(root, workspace)));
  return { schemas: schemas.length, files: files.length, ...shapeCopies(root, files, schemas) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { schemas, files, copies, readings } = countShapeCopies(root);
  for (const reading of readings) console.log(`(not a copy) ${reading}`);
  for (const copy of copies) console.log(copy);
  console.log(`hand-written copies of API shapes: ${copies.length} (${files} files checked against ${schemas} schema objects)`);
  if (args.includes('--check') && copies.length > 0) process.exit(1);
}
