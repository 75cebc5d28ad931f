import { AppError } from './app-error.js';

/** Deepest nesting of arrays and objects a request body may have; no route needs more than a handful. */
export const JSON_MAX_DEPTH = 32;
/** Largest JSON body a request may carry unless readBodies is told otherwise for it (`jsonLimit`). */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * One pass over the raw text, before anything is parsed: the nesting depth, and whether a string
 * holds the escape \u0000 (PostgreSQL refuses NUL in text). Malformed JSON is left to JSON.parse.
 */
export function scanJsonText(text: string, maxDepth = JSON_MAX_DEPTH): 'too_deep' | 'nul_byte' | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === QUOTE) inString = false;
      else if (c === BACKSLASH) {
        if (text.startsWith('u0000', i + 1)) return 'nul_byte';
        i++;
      }
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return 'too_deep';
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return null;
}

/** Parses a request body, refusing deep nesting and NUL characters before JSON.parse builds anything. */
export function parseJsonBody(text: string, maxDepth = JSON_MAX_DEPTH): unknown {
  const problem = scanJsonText(text, maxDepth);
  if (problem === 'too_deep')
    throw new AppError(400, 'bad_json', `Request body is nested deeper than ${maxDepth} levels`);
  if (problem === 'nul_byte')
    throw new AppError(400, 'bad_json', 'Request body contains a NUL character (\\u0000), which no field accepts');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, refusePrototypeKeys);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  return parsed;
}

/** A body that could reach an object's prototype is refused, whatever reads it later. */
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (
    key === '__proto__' ||
    (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))
  ) {
    throw new AppError(400, 'bad_json', `Request body has a forbidden key: ${key}`);
  }
  return value;
}

/** A request target whose path or query holds an encoded NUL (%00); no route or field accepts one. */
export function hasEncodedNul(url: string): boolean {
  return /%00/i.test(url);
}
