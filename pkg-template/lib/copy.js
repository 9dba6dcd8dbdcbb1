// Copying untrusted JS values into plain JSON before they cross into wasm. Every
// property is read once inside try/catch, cycles are cut, and depth, entries and string
// lengths are bounded, so a Proxy, a getter, a BigInt or a 100 MB string costs what
// its bounded prefix costs. The core applies the product's own (smaller) caps.

import {
  COPY_DEFAULT,
  COPY_MARKED_DATES,
  COPY_PAD_LIMIT,
  COPY_UNIT_FLOOR,
  UNREADABLE,
  WIRE_STRING_UNITS,
  WIRE_TRUNCATED,
  WIRE_VALUE_LIMIT,
} from './constants.js';
import * as out from './json-out.js';

/**
 * @typedef {{ readonly depth: number, readonly entries: number, readonly stringUnits: number,
 *   readonly strings: boolean, readonly lenient?: boolean, readonly markDates?: boolean }} CopyPolicy
 */

/**
 * How a copy reads a value (a CopyPolicy). `depth`, `entries` and `stringUnits` bound it (far above
 * every cap the core applies); `strings: false` sends string values empty (only their
 * presence and type cross); `lenient` reads what Zod issues and detail values carry
 * as their JSON rendering would show it: a BigInt or Symbol as its `String()` (JSON
 * would throw), a Date as its ISO text, and functions left out like `undefined`.
 * `markDates` (with `lenient`; only the XML dialect's copy of `sentArgs` sets it) also
 * records each Date's ISO text in `sizes` at its own length, a record no cut writes,
 * so the core can print it as `JSON.stringify(date)` does (at most MAX_MARKED_DATES).
 */
export const COPY_LIMITS = Object.freeze({ ...COPY_DEFAULT, strings: true });

/** @typedef {{ nodes: number, units: number }} CopyBudget */

/**
 * What one crossing may spend: containers visited, and string units copied.
 * @returns {CopyBudget}
 */
export function copyBudget(nodes = 50000, units = Infinity) {
  return { nodes, units };
}

// An McpError's `data` goes out with each string cut at WIRE_STRING_UNITS (ending in
// `…`), and as WIRE_TRUNCATED when it holds more than WIRE_VALUE_LIMIT values.

/**
 * `text` as a default copy holds a string: its first COPY_LIMITS.stringUnits units, the
 * plain cut the copier makes (no `…`), so what the core compares it with matches.
 * @param {string} text
 */
export function copiedText(text) {
  return text.length > COPY_LIMITS.stringUnits ? text.slice(0, COPY_LIMITS.stringUnits) : text;
}

/**
 * `text` cut at `units` UTF-16 units (never inside a surrogate pair) with `…` appended.
 * @param {string} text
 * @param {number} units
 */
export function cutText(text, units) {
  if (text.length <= units) return text;
  const last = text.charCodeAt(units - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? units - 1 : units;
  return `${text.slice(0, end)}…`;
}
const UNREADABLE_JSON = JSON.stringify(UNREADABLE);
// What every string keeps once a budget's units are spent (COPY_UNIT_FLOOR), the dates a
// `markDates` copy records (COPY_MARKED_DATES) and the array indices a pruned copy pads up
// to (COPY_PAD_LIMIT, see `only` below): the core's numbers.
const UNIT_FLOOR = COPY_UNIT_FLOOR;
const MAX_MARKED_DATES = COPY_MARKED_DATES;
const PAD_LIMIT = COPY_PAD_LIMIT;

/** The keys of a container no path goes on through, and what they keep (never added to). */
const NO_NAMES = /** @type {string[]} */ ([]);
const NO_UNDERS = /** @type {Reach[]} */ ([]);

/**
 * What a pruned copy keeps of one container and of everything under it (see `copyJson`'s
 * `only`), made by `reachOf`: once `fill()` has run, `names` lists the property keys the
 * container keeps and `unders`, at the same index, what the value under each keeps (the
 * copier reads them by index: iterating a map's entries cost it a pair per key);
 * `indexed()` lists the array indices among those keys, ascending, each with what its
 * entry keeps. A container keeps only those: the work is the issues' segments, not the
 * issues' segments times every container.
 */
export class Reach {
  constructor() {
    /** @type {string[]} */
    this.names = NO_NAMES;
    /** @type {Reach[]} */
    this.unders = NO_UNDERS;
    /** @type {Array<[number, Reach]> | undefined} */
    this.indices = undefined;
  }

  /** Makes `names` and `unders` (a Reach that builds them late). */
  fill() {}

  /**
   * What the container keeps: `names`, and at the same index what the value under each keeps.
   * @param {string[]} names
   * @param {Reach[]} unders
   */
  keep(names, unders) {
    this.names = names;
    this.unders = unders;
  }

  /** The array indices among the keys kept, ascending, each with what its entry keeps. */
  indexed() {
    let list = this.indices;
    if (list === undefined) {
      this.fill();
      list = [];
      const { names, unders } = this;
      for (let k = 0; k < names.length; k++) {
        const i = arrayIndex(/** @type {string} */ (names[k]));
        if (i >= 0 && i < PAD_LIMIT) list.push([i, /** @type {Reach} */ (unders[k])]);
      }
      sortIndices(list);
      this.indices = list;
    }
    return list;
  }
}

/** A container on the issues' paths from the root: the keys those paths take from it. */
class Step extends Reach {
  constructor() {
    super();
    /**
     * `names` by key, made once there are more than a few (a short list is searched).
     * @type {Map<string, Step> | undefined}
     */
    this.index = undefined;
  }

  /**
   * The Step under `key`, made the first time.
   * @param {string} key
   * @returns {Step}
   */
  add(key) {
    // Most Steps are a path's last segment, which keeps no key: their lists are made on demand.
    if (this.names === NO_NAMES) this.keep([], []);
    const { names, unders } = this;
    if (this.index !== undefined) {
      const found = this.index.get(key);
      if (found !== undefined) return found;
    } else {
      const k = names.indexOf(key);
      if (k >= 0) return /** @type {Step} */ (unders[k]);
    }
    const next = new Step();
    names.push(key);
    unders.push(next);
    if (this.index !== undefined) this.index.set(key, next);
    else if (names.length > SEARCHED) {
      this.index = new Map(names.map((name, k) => [name, /** @type {Step} */ (unders[k])]));
    }
    return next;
  }
}

/**
 * A path segment as the property key it names.
 * @param {string | number | boolean | undefined} segment
 */
function keyOf(segment) {
  return typeof segment === 'string' ? segment : String(segment);
}

/** The most keys a Step searches through before it indexes them. */
const SEARCHED = 16;

/** The most path steps `reachOf` follows one by one (a Step each). */
const MAX_STEPS = 1024;

/**
 * What a pruned copy keeps, from what a copy of the issues put in `seen`: each path
 * segment, its position in its path, and whether it is a step of a path from the
 * arguments' root (an entry of an issue's own `path` list). When every segment is, each
 * path is kept exactly as it runs from the root: an entry of a list keeps only the keys
 * its own paths name there (a path whose first entry names no key, such as `true`, may
 * run on from the path before it: more is kept, never less). Any other segment may sit
 * at any depth from its position (a union branch's path may start at the union; the
 * strings of a `{ key }` segment share its position): with one, a container at depth d
 * keeps every segment any path has at d, and those the others have at positions up to
 * d (and so with more than MAX_STEPS steps from the root). Segments at positions of
 * `depth` or more are left out: the copy goes no deeper.
 * `null` (copy everything) past `max` distinct segments.
 * @param {Array<string | number | boolean>} seen
 * @param {number} depth the depth of the copy it prunes
 * @returns {Reach | null}
 */
export function reachOf(seen, depth, max = 4096) {
  // Fewer segments than `max` cannot hold more distinct ones: counted only past it.
  const distinct = seen.length / 3 > max ? new Set() : undefined;
  const root = new Step();
  /** @type {Step | undefined} */
  let at = root;
  let next = 0;
  let steps = 0;
  for (let i = 0; i + 2 < seen.length; i += 3) {
    const segment = seen[i];
    const key = keyOf(segment);
    if (distinct !== undefined) {
      distinct.add(key);
      if (distinct.size > max) return null;
    }
    const position = /** @type {number} */ (seen[i + 1]);
    if (position >= depth || at === undefined) continue;
    // A path from the root, its segments in order: one step down from the last; past
    // MAX_STEPS of them, the pruning by depth, whose cost does not grow with each path.
    if (seen[i + 2] && position === (position === 0 ? 0 : next) && ++steps <= MAX_STEPS) {
      at = (position === 0 ? root : at).add(key);
      next = position + 1;
    } else {
      at = undefined;
    }
  }
  return at === undefined ? byDepth(seen, depth) : root;
}

/**
 * The pruning for paths whose segments may sit deeper than their position (see
 * `reachOf`): one Level per depth, which every key there leads on from.
 * @param {Array<string | number | boolean>} seen
 * @param {number} depth
 * @returns {Reach}
 */
function byDepth(seen, depth) {
  /** @type {Array<Set<string> | undefined>} */
  const exact = [];
  /** @type {Array<Set<string> | undefined>} */
  const loose = [];
  for (let i = 0; i + 2 < seen.length; i += 3) {
    const segment = seen[i];
    const position = /** @type {number} */ (seen[i + 1]);
    if (position >= depth) continue;
    ((seen[i + 2] ? exact : loose)[position] ??= new Set()).add(keyOf(segment));
  }
  return new Level(exact, loose, 0);
}

/**
 * What a container at `depth` keeps when paths may sit deeper than their positions:
 * every segment any path has at `depth`, and those the loose paths have at positions up
 * to it, each leading on to the next depth. Built when a copy first reaches the depth,
 * so long paths cost only the depths the arguments have (the copy's depth bounds them).
 */
class Level extends Reach {
  /**
   * @param {Array<Set<string> | undefined>} exact the segments of paths from the root, by position
   * @param {Array<Set<string> | undefined>} loose the other segments, by position
   * @param {number} depth
   */
  constructor(exact, loose, depth) {
    super();
    this.exact = exact;
    this.loose = loose;
    this.depth = depth;
    this.built = false;
  }

  fill() {
    if (this.built) return;
    this.built = true;
    const { exact, loose, depth } = this;
    const on = new Level(exact, loose, depth + 1);
    const keys = new Set(exact[depth]);
    for (let p = 0; p <= depth && p < loose.length; p++) for (const key of loose[p] ?? []) keys.add(key);
    const names = [...keys];
    this.keep(
      names,
      names.map(() => on),
    );
  }
}

/**
 * Sorts `[index, …]` pairs by index, ascending: a short list in place by insertion
 * (Array.prototype.sort allocates a work array per call), a long one by sort.
 * @param {Array<[number, Reach]>} list
 */
function sortIndices(list) {
  const n = list.length;
  if (n > 8) {
    list.sort((a, b) => a[0] - b[0]);
    return;
  }
  for (let i = 1; i < n; i++) {
    const pair = /** @type {[number, Reach]} */ (list[i]);
    let j = i - 1;
    for (; j >= 0 && /** @type {[number, Reach]} */ (list[j])[0] > pair[0]; j--) list[j + 1] = list[j];
    list[j + 1] = pair;
  }
}

/** The largest array index, and how many digits it has. */
const MAX_INDEX = 4294967294;
const MAX_INDEX_DIGITS = String(MAX_INDEX).length;

/**
 * `"12"` → 12; anything that is not a canonical array index → -1.
 * @param {string} key
 */
function arrayIndex(key) {
  const n = key.length;
  // Digits only, no leading zero but `0` itself.
  if (n === 0 || n > MAX_INDEX_DIGITS || (n > 1 && key.charCodeAt(0) === 0x30)) return -1;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
  }
  const index = Number(key);
  return index <= MAX_INDEX ? index : -1;
}

/**
 * JSON text of a bounded, acyclic copy of `root`, written directly (no intermediate
 * object, so a `__proto__` key stays a key). Each property is read once inside
 * try/catch; a read that throws, a cycle, a BigInt, a Symbol or a function is
 * '[Unreadable]' (unless `policy.lenient`); `undefined` is dropped from objects and
 * `null` in lists, as JSON writes them; lone surrogates become U+FFFD. `budget` may be
 * shared by several copies that cross in one call.
 *
 * `sizes`, when given, receives a flat record for each string, key, list or object the
 * copy cut: `size, kind (0 value, 1 key), depth, ...entry indices from the root` — the
 * core's `TrueSizes` reads them, so every count field it writes is the original's.
 * `at` is the root's own position in what `sizes` describes (the list it is an entry of).
 * `seen`, when given, receives every string and number the copy wrote inside a `path`
 * member (at any depth: a Zod issue's path, its union branches' paths), the only keys
 * and indices the core looks the arguments up by, as flat triples: the segment, its
 * position in its path, and whether it is an entry of the root's own path list (see
 * `fromRoot` and `reachOf`).
 *
 * `only` (a `reachOf`) prunes the copy to what those paths can reach: each object
 * keeps only the keys its Reach names (read one by one, whatever its size), and each
 * list only the indices, every other index before the last one written as `0`. Every
 * path made of the segments `seen` recorded resolves as it would in the whole value, up
 * to the copy's depth and below COPY_PAD_LIMIT.
 * @param {unknown} root
 * @param {CopyPolicy} [policy]
 * @param {CopyBudget} [budget]
 * @param {{ sizes?: number[], seen?: Array<string | number | boolean>, only?: Reach, at?: number[] }} [options]
 * @returns {string}
 */
export function copyJson(root, policy = COPY_LIMITS, budget = copyBudget(), options = {}) {
  return out.holding(() => out.textOf(copyJsonBytes(root, policy, budget, options)));
}

/**
 * `copyJson`'s text as UTF-8 bytes, written in place for the request it crosses in: only
 * inside a call that marked the buffer (json-out.js's `holding`), valid until it releases it.
 * @param {unknown} root
 * @param {CopyPolicy} [policy]
 * @param {CopyBudget} [budget]
 * @param {{ sizes?: number[], seen?: Array<string | number | boolean>, only?: Reach, at?: number[] }} [options]
 * @returns {out.JsonBytes}
 */
export function copyJsonBytes(
  root,
  policy = COPY_LIMITS,
  budget = copyBudget(),
  { sizes, seen, only, at = NO_POSITION } = {},
) {
  const copier = new JsonCopier(budget, sizes, seen, only);
  copier.copy(root, policy, at);
  return copier.bytes();
}

/** @type {number[]} */
const NO_POSITION = [];

/**
 * The state of `copyJson`'s copies, walked by its methods (no closures per copy). One
 * copier may write several roots in turn into json-out.js's buffer (`bytes()` is all it
 * wrote), sharing its budget, `sizes`, `seen` and `only` (`issuesCrossing` copies a
 * rejection's issues with one); each call of `copy` is one `copyJson`. A copy that
 * reaches user code (a getter, a Proxy trap) which copies again makes a copier of its
 * own, which writes after this one's bytes and gives them back before this one goes on.
 */
export class JsonCopier {
  /**
   * @param {CopyBudget} budget
   * @param {number[] | undefined} sizes
   * @param {Array<string | number | boolean> | undefined} seen
   * @param {Reach | undefined} only
   */
  constructor(budget, sizes, seen, only) {
    this.budget = budget;
    this.sizes = sizes;
    this.seen = seen;
    this.only = only;
    /**
     * With `only`, what the container at each depth on the path from the root keeps.
     * @type {Reach[]}
     */
    this.reach = [];
    // Positions are tracked only for the records `sizes` receives.
    this.tracked = sizes !== undefined;
    /** Where this copier's JSON starts in json-out.js's buffer (it writes at the buffer's end). */
    this.start = out.start();
    // The copy's policy, read once.
    this.depth = 0;
    this.entries = 0;
    this.stringUnits = 0;
    this.strings = true;
    this.lenient = false;
    this.datesLeft = 0;
    /**
     * The containers on the path from the root, by depth (a value at depth d is inside
     * the first d): a cycle is one of them.
     * @type {unknown[]}
     */
    this.ancestors = [];
    /**
     * The root's position (`at`, `base` indices), then the index of each entry on the
     * path from the root: a value at depth d is at `path[0 .. base + d)`.
     * @type {number[]}
     */
    this.path = [];
    this.base = 0;
    // Inside a `path` member of the value being copied (see `seen`): whether it is the
    // root's own, the depth of the path list, and the position of the segment being copied.
    this.collect = false;
    this.exactPath = false;
    this.pathListDepth = -1;
    this.position = 0;
  }

  /**
   * Appends the JSON text of `root`'s copy (see copyJson).
   * @param {unknown} root
   * @param {CopyPolicy} policy
   * @param {readonly number[]} at
   */
  copy(root, policy, at) {
    this.depth = policy.depth;
    this.entries = policy.entries;
    this.stringUnits = policy.stringUnits;
    this.strings = policy.strings;
    this.lenient = policy.lenient === true;
    this.datesLeft = policy.markDates === true ? MAX_MARKED_DATES : 0;
    const base = this.tracked ? at.length : 0;
    for (let i = 0; i < base; i++) this.path[i] = at[i];
    this.base = base;
    if (this.only !== undefined) this.reach[0] = this.only;
    if (this.lenient && omitted(root, true)) out.ascii('null');
    else this.write(root, 0);
  }

  /**
   * Appends JSON text written elsewhere.
   * @param {string} json
   */
  append(json) {
    out.raw(json);
  }

  /** What this copier wrote. */
  bytes() {
    return out.since(this.start);
  }

  /**
   * Whether a segment written at `depth` inside a `path` member is one step of a path
   * from the arguments' root: the root's own path, and an entry of its list itself. The
   * strings inside an entry that is an object (a Standard Schema `{ key }` segment) all
   * share that entry's position, so they are recorded as segments that may sit at any
   * depth from it (see `reachOf`).
   * @param {number} depth
   */
  fromRoot(depth) {
    return this.exactPath && depth === this.pathListDepth + 1;
  }

  /**
   * Records `value`, written at `depth`, when it sits inside an issue's `path`: a
   * string, a number, or the '[Unreadable]' an unreadable value crosses as.
   * @param {string | number} value
   * @param {number} depth
   */
  segment(value, depth) {
    if (this.collect) this.seen?.push(value, this.position, this.fromRoot(depth));
  }

  /**
   * '[Unreadable]' written for the value at `depth` that could not be read. Inside an
   * issue's `path` that text is the segment the core reads, so it is recorded as one,
   * like any string there.
   * @param {number} depth
   */
  unreadable(depth) {
    this.segment(UNREADABLE, depth);
    out.raw(UNREADABLE_JSON);
  }

  /**
   * A record for `sizes` of what was cut at depth `depth`.
   * @param {number} size
   * @param {number} kind
   * @param {number} depth
   */
  record(size, kind, depth) {
    const sizes = this.sizes;
    if (sizes === undefined) return;
    const length = this.base + depth;
    sizes.push(size, kind, length);
    for (let i = 0; i < length; i++) sizes.push(this.path[i]);
  }

  /**
   * A string value (kind 0) or key (kind 1) at depth `depth`, bounded.
   * @param {string} text
   * @param {number} kind
   * @param {number} depth
   */
  string(text, kind, depth) {
    const budget = this.budget;
    const cap = budget.units > 0 ? this.stringUnits : UNIT_FLOOR;
    let kept = text;
    if (text.length > cap) {
      kept = text.slice(0, cap);
      this.record(text.length, kind, depth);
    }
    budget.units -= kept.length;
    if (kind === 0) this.segment(kept, depth);
    out.jsonString(kept);
  }

  /**
   * @param {any} value
   * @param {number} depth
   */
  write(value, depth) {
    switch (typeof value) {
      case 'string':
        if (this.strings) this.string(value, 0, depth);
        else out.ascii('""');
        return;
      case 'number':
        this.segment(value, depth);
        // String() of a finite number is its JSON text (-0 included).
        out.ascii(Number.isFinite(value) ? `${value}` : 'null');
        return;
      case 'boolean':
        out.ascii(value ? 'true' : 'false');
        return;
      case 'object':
        if (value === null) {
          out.ascii('null');
          return;
        }
        break;
      case 'bigint':
      case 'symbol':
        // String() of these runs no user code.
        if (this.lenient) this.string(String(value), 0, depth);
        else this.unreadable(depth);
        return;
      default:
        this.unreadable(depth);
        return;
    }
    const budget = this.budget;
    if (depth >= this.depth || budget.nodes <= 0 || this.isAncestor(value, depth)) {
      this.unreadable(depth);
      return;
    }
    budget.nodes -= 1;
    this.ancestors[depth] = value;
    const start = out.written();
    try {
      if (this.lenient && value instanceof Date) this.date(value, depth);
      else if (Array.isArray(value)) this.list(value, depth);
      else this.object(value, depth);
    } catch {
      // A revoked Proxy, a throwing ownKeys or length: the container is unreadable.
      out.rewind(start);
      this.unreadable(depth);
    }
  }

  /**
   * Whether `value` is one of the containers the value at `depth` is inside.
   * @param {object} value
   * @param {number} depth
   */
  isAncestor(value, depth) {
    const ancestors = this.ancestors;
    for (let d = 0; d < depth; d++) if (ancestors[d] === value) return true;
    return false;
  }

  /**
   * A Date, as its JSON rendering shows it (a lenient copy).
   * @param {Date} value
   * @param {number} depth
   */
  date(value, depth) {
    const time = Date.prototype.getTime.call(value);
    if (!Number.isFinite(time)) {
      out.ascii('null');
      return;
    }
    const iso = Date.prototype.toISOString.call(value);
    if (this.datesLeft > 0) {
      this.datesLeft -= 1;
      this.record(iso.length, 0, depth);
    }
    out.jsonString(iso);
  }

  /**
   * @param {any[]} value
   * @param {number} depth
   */
  list(value, depth) {
    const total = value.length;
    const at = this.base + depth;
    out.byte(0x5b);
    if (this.only !== undefined) {
      const reach = this.reach;
      let written = 0;
      for (const [i, below] of /** @type {Reach} */ (reach[depth]).indexed()) {
        if (i >= total) break;
        for (; written < i; written++) out.ascii(written === 0 ? '0' : ',0');
        if (written > 0) out.byte(0x2c);
        written += 1;
        this.path[at] = i;
        reach[depth + 1] = below;
        this.element(value, i, depth);
      }
      out.byte(0x5d);
      return;
    }
    const length = Math.min(total, this.entries);
    const positions = this.collect && depth === this.pathListDepth;
    for (let i = 0; i < length; i++) {
      if (i > 0) out.byte(0x2c);
      this.path[at] = i;
      if (positions) this.position = i;
      this.element(value, i, depth);
    }
    if (length < total) this.record(total, 0, depth);
    out.byte(0x5d);
  }

  /**
   * @param {object} value
   * @param {number} depth
   */
  object(value, depth) {
    const at = this.base + depth;
    out.byte(0x7b);
    let written = 0;
    if (this.only !== undefined) {
      const reach = this.reach;
      const kept = /** @type {Reach} */ (reach[depth]);
      kept.fill();
      const { names, unders } = kept;
      for (let k = 0; k < names.length; k++) {
        const key = /** @type {string} */ (names[k]);
        if (!Object.prototype.propertyIsEnumerable.call(value, key)) continue;
        this.path[at] = written;
        reach[depth + 1] = /** @type {Reach} */ (unders[k]);
        if (this.entry(value, key, depth, written)) written += 1;
      }
      out.byte(0x7d);
      return;
    }
    const keys = Object.keys(value);
    const count = Math.min(keys.length, this.entries);
    for (let i = 0; i < count; i++) {
      this.path[at] = written;
      if (this.entry(value, keys[i], depth, written)) written += 1;
    }
    if (count < keys.length) this.record(keys.length, 0, depth);
    out.byte(0x7d);
  }

  /**
   * A list's entry `i`, read once.
   * @param {any} list
   * @param {number} i
   * @param {number} depth
   */
  element(list, i, depth) {
    // A getter or trap that called in again left nothing after this copy's bytes (see `entry`).
    const at = out.written();
    let value;
    try {
      value = list[i];
    } catch {
      out.rewind(at);
      this.unreadable(depth + 1);
      return;
    }
    out.rewind(at);
    if (omitted(value, this.lenient)) out.ascii('null');
    else this.write(value, depth + 1);
  }

  /**
   * An object's entry `key`, read once; false when JSON leaves it out.
   * @param {any} container
   * @param {string} key
   * @param {number} depth
   * @param {number} index
   */
  entry(container, key, depth, index) {
    // A call made from the getter gives its bytes back itself, unless the stack ran out
    // before it could: whatever it left after this copy's bytes is dropped here.
    const at = out.written();
    let value;
    let readable = true;
    try {
      value = container[key];
    } catch {
      readable = false;
    }
    out.rewind(at);
    if (readable && omitted(value, this.lenient)) return false;
    if (index > 0) out.byte(0x2c);
    this.string(key, 1, depth + 1);
    out.byte(0x3a);
    if (!readable) {
      this.unreadable(depth + 1);
      return true;
    }
    if (this.collect || this.seen === undefined || key !== 'path') {
      this.write(value, depth + 1);
      return true;
    }
    this.collect = true;
    this.exactPath = depth === 0;
    this.pathListDepth = depth + 1;
    this.position = 0;
    try {
      this.write(value, depth + 1);
    } finally {
      this.collect = false;
    }
    return true;
  }
}

/**
 * What JSON leaves out of an object (and writes as `null` in a list).
 * @param {unknown} value
 * @param {boolean} lenient
 */
function omitted(value, lenient) {
  return value === undefined || (lenient && typeof value === 'function');
}

/**
 * JSON text of a copy with the default limits (`undefined` → `null`).
 * @param {unknown} value
 */
export function plainJson(value) {
  return value === undefined ? 'null' : copyJson(value);
}

/**
 * The JSON text one top-level field of a thrown McpError's `data` goes out as, exactly
 * as JSON.stringify writes it, or the string '[Unreadable]' when that throws anywhere
 * below (a getter, a BigInt, a cycle, a throwing toJSON), or '[Truncated]' past one
 * million JSON values. `undefined` when JSON would omit the field.
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function wireFieldJson(value) {
  // A primitive runs no user code: written as JSON writes it, without the replacer's cost.
  switch (typeof value) {
    case 'string':
      return JSON.stringify(cutText(value, WIRE_STRING_UNITS));
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  let count = 0;
  let truncated = false;
  try {
    const text = JSON.stringify(value, function countValues(_key, member) {
      if (++count > WIRE_VALUE_LIMIT) {
        truncated = true;
        throw new RangeError('too many values');
      }
      return typeof member === 'string' ? cutText(member, WIRE_STRING_UNITS) : member;
    });
    return text === undefined ? undefined : text;
  } catch {
    return JSON.stringify(truncated ? WIRE_TRUNCATED : UNREADABLE);
  }
}

/**
 * JSON text of an object's fields, each written by {@link wireFieldJson}; the keys are
 * read once. `undefined` when `data` is not a readable object.
 * @param {any} data
 * @returns {string | undefined}
 */
export function wireDataJson(data) {
  if (data === null || typeof data !== 'object') return undefined;
  let keys;
  try {
    keys = Object.keys(data);
  } catch {
    return undefined;
  }
  const fields = [];
  for (const key of keys) {
    let member;
    try {
      member = data[key];
    } catch {
      fields.push(`${JSON.stringify(key)}:${JSON.stringify(UNREADABLE)}`);
      continue;
    }
    const text = wireFieldJson(member);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}
