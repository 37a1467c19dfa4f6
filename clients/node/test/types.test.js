// index.d.ts is kept true: every runtime export of index.js is declared there and every
// runtime declaration is exported; each declared class has the methods and properties it
// declares (and declares every public method it has), with the same required parameters.
// (No TypeScript compiler is needed: `tsc` is not available offline here.)
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as cglclient from '../index.js';

const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'index.d.ts'), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The text from `open` (an index of `{` or `(`) to its matching closer. */
function balanced(text, open) {
  const pairs = { '{': '}', '(': ')', '<': '>', '[': ']' };
  const stack = [];
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (pairs[char]) stack.push(pairs[char]);
    else if (char === stack.at(-1) && !(char === '>' && text[index - 1] === '=')) {
      stack.pop();
      if (stack.length === 0) return text.slice(open + 1, index);
    }
  }
  throw new Error(`unbalanced at ${open}`);
}

/** Top-level comma-separated parts of a parameter list. */
function split(params) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (let index = 0; index < params.length; index += 1) {
    const char = params[index];
    if ('{(<['.includes(char)) depth += 1;
    if ('})]'.includes(char) || (char === '>' && params[index - 1] !== '=')) depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** How many parameters a declaration's list requires (as a JS function's `length` counts them). */
function required(params) {
  let count = 0;
  for (const part of split(params)) {
    if (part.startsWith('...') || /^\w+\?/.test(part)) break;
    count += 1;
  }
  return count;
}

/** The members of a class (or object type) body: methods with their required counts, and properties. */
function members(body) {
  const methods = new Map();
  const properties = new Set();
  let depth = 0;
  let statement = '';
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if ('{(<['.includes(char)) depth += 1;
    if ('})]'.includes(char) || (char === '>' && body[index - 1] !== '=')) depth -= 1;
    if ((char === ';' || char === '\n') && depth === 0) {
      const text = statement.trim();
      statement = '';
      if (!text) continue;
      const method = /^(?:static\s+)?(\[Symbol\.\w+\]|\w+)\s*(?:<[^(]*>)?\s*\(/.exec(text);
      if (method && !/^(?:readonly\s+)?\w+\??\s*:/.test(text)) {
        const open = text.indexOf('(', method[0].length - 1);
        const name = (text.startsWith('static ') ? 'static ' : '') + method[1];
        if (!methods.has(name)) methods.set(name, required(balanced(text, open)));
        continue;
      }
      const property = /^(?:readonly\s+)?(\w+)\??\s*:/.exec(text);
      if (property) properties.add(property[1]);
      continue;
    }
    statement += char;
  }
  return { methods, properties };
}

/** What index.d.ts declares at run time: classes, functions and constants. */
function declarations() {
  const found = new Map();
  const pattern = /^export declare (class|function|const) (\w+)/gm;
  let match;
  while ((match = pattern.exec(source)) !== null) {
    const [, what, name] = match;
    const rest = source.slice(match.index);
    if (what === 'function') {
      found.set(name, { what, required: required(balanced(rest, rest.indexOf('('))) });
    } else if (what === 'class') {
      const body = balanced(rest, rest.indexOf('{'));
      found.set(name, { what, ...members(body), extendsEmitter: /^export declare class \w+ extends EventEmitter/.test(rest) });
    } else {
      const type = rest.slice(0, rest.indexOf(';') + 1);
      const brace = type.indexOf('{');
      found.set(name, { what, ...(brace >= 0 ? members(balanced(rest, brace)) : { methods: new Map(), properties: new Set() }) });
    }
  }
  return found;
}

const declared = declarations();

/** An instance of each class, to check its properties. */
const instances = {
  Client: () => new cglclient.Client({ socketPath: '/tmp/cglnode-types.sock' }),
  Lookup: () => new cglclient.Lookup('card', { profile: 'phone-portrait' }),
  CGLClientError: () => new cglclient.CGLClientError('not_found', 'x', { daemonCode: 1 }),
  PrewarmCall: () => new cglclient.PrewarmCall(async () => ({ computed: 0, alreadyCached: 0, failed: 0, seconds: 0, cancelled: 0, total: 0 })),
  Snapshot: () => new cglclient.Snapshot({
    source: 'memory', scheme: 's', hash: 'h', engine: '6', environment: null, size: { width: 0, height: 0 },
    frames: {}, framesInRoot: {}, scrollSizes: {}, contentDigest: null,
  }),
};

test('every export of index.js is declared in index.d.ts, and every declaration is exported', () => {
  assert.deepEqual([...declared.keys()].sort(), Object.keys(cglclient).sort());
});

test('declared functions take the parameters the functions take', () => {
  for (const [name, declaration] of declared) {
    if (declaration.what !== 'function') continue;
    assert.equal(typeof cglclient[name], 'function', name);
    assert.equal(cglclient[name].length, declaration.required, `${name}: required parameters`);
  }
});

test('declared classes have exactly their public methods, with the same required parameters', () => {
  for (const [name, declaration] of declared) {
    if (declaration.what !== 'class') continue;
    const klass = cglclient[name];
    assert.equal(typeof klass, 'function', name);
    // Every public method of the class (its own prototype's) is declared…
    for (const key of Reflect.ownKeys(klass.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(klass.prototype, key);
      if (key === 'constructor' || typeof descriptor.value !== 'function') continue;
      const label = typeof key === 'symbol' ? `[${key.description}]` : key;
      assert.ok(declaration.methods.has(label), `${name}.${label} is not declared in index.d.ts`);
    }
    for (const key of Object.getOwnPropertyNames(klass)) {
      if (typeof klass[key] === 'function') assert.ok(declaration.methods.has(`static ${key}`), `${name}.${key} (static) is not declared`);
    }
    // …and every declared method exists, requiring as many parameters.
    for (const [method, count] of declaration.methods) {
      if (method === 'constructor') {
        assert.equal(klass.length, count, `new ${name}(): required parameters`);
        continue;
      }
      const target = method.startsWith('static ') ? klass[method.slice(7)]
        : method.startsWith('[') ? klass.prototype[Symbol[method.slice(8, -1)]] : klass.prototype[method];
      assert.equal(typeof target, 'function', `${name}.${method} is declared but does not exist`);
      assert.equal(target.length, count, `${name}.${method}: required parameters`);
    }
    assert.equal(Boolean(declaration.extendsEmitter), klass.prototype instanceof EventEmitter, `${name} extends EventEmitter`);
  }
});

test('declared properties exist on instances, and instances have no undeclared public property', () => {
  for (const [name, make] of Object.entries(instances)) {
    const instance = make();
    const declaration = declared.get(name);
    for (const property of declaration.properties) assert.ok(property in instance, `${name}.${property} is declared but missing`);
    const inherited = name === 'CGLClientError' ? ['stack', 'message', 'name'] : name === 'PrewarmCall' ? ['_events', '_eventsCount', '_maxListeners'] : [];
    for (const key of Object.keys(instance)) {
      if (inherited.includes(key) || typeof instance[key] === 'function') continue;
      assert.ok(declaration.properties.has(key), `${name}.${key} is not declared in index.d.ts`);
    }
    instance.close?.();
  }
});

test('declared constants: Run makes runs, the codes and the version', () => {
  const run = declared.get('Run');
  assert.deepEqual([...run.methods.keys()].sort(), Object.keys(cglclient.Run).sort());
  for (const [method, count] of run.methods) assert.equal(cglclient.Run[method].length, count, `Run.${method}`);
  assert.equal(cglclient.PROTOCOL_VERSION, Number(/PROTOCOL_VERSION: (\d+)/.exec(source)[1]));
  const codes = /export type DaemonErrorCode =([^;]*);/.exec(source)[1].match(/'(\w+)'/g).map((code) => code.slice(1, -1));
  assert.deepEqual(codes, Object.values(cglclient.DAEMON_CODES));
});
