import { describe, expect, it } from '@jest/globals';
import { clientDiffs } from './local-channels.js';

const meta = (ref: string, name: string) => ({ phx_ref: ref, name });

describe('presence diffs as realtime-js 2.109.0 can apply them', () => {
  it('sends a re-track (joins and leaves) as its leave, then its join', () => {
    const joins = { ana: { metas: [{ ...meta('F2', 'Ana B'), phx_ref_prev: 'F1' }] } };
    const leaves = { ana: { metas: [meta('F1', 'Ana')] } };
    expect(clientDiffs(joins, leaves)).toEqual([
      { joins: {}, leaves },
      { joins, leaves: {} },
    ]);
  });

  it('sends a plain join or leave as one diff with both keys present', () => {
    const joins = { ben: { metas: [meta('F3', 'Ben')] } };
    expect(clientDiffs(joins, {})).toEqual([{ joins, leaves: {} }]);
    expect(clientDiffs({}, joins)).toEqual([{ joins: {}, leaves: joins }]);
  });
});
