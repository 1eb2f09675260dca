import { expect } from 'chai';
import { GroupCommit } from '../../server/src/db/group-commit.js';

/** A turn of the event loop: what a caller arriving "later" waits for. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * gatherUnderLoadMs (PostgreSQL's commit_delay with commit_siblings): a caller alone is written at
 * the next turn, never held; once a write took several callers' items, the next items gather,
 * so writes grow under load (the DPoP jti store: 0.57x → 0.64–0.68x of plain issuance in the bench).
 */
describe('GroupCommit: gathering only under load', () => {
  function recorder(gatherUnderLoadMs: number) {
    const writes: string[][] = [];
    const commit = new GroupCommit<string>(
      async (items) => {
        writes.push(items);
      },
      { maxItemsPerWrite: 100, maxInFlight: 1, gatherUnderLoadMs },
    );
    return { writes, commit };
  }

  it('writes a caller alone at once, each in its own write, however long it may gather under load', async () => {
    const { writes, commit } = recorder(60_000);
    await commit.add(['a']);
    await commit.add(['b']);
    expect(writes).to.deep.equal([['a'], ['b']]);
  });

  it('gathers the items of callers arriving on later turns into one write once a write took several', async () => {
    const { writes, commit } = recorder(200);
    await Promise.all([commit.add(['a']), commit.add(['b'])]);
    expect(writes).to.deep.equal([['a', 'b']]);
    const later: Array<Promise<void>> = [];
    for (const item of ['c', 'd', 'e']) {
      later.push(commit.add([item]));
      await nextTurn();
    }
    await Promise.all(later);
    expect(writes).to.deep.equal([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('without it, callers on later turns are written apart', async () => {
    const { writes, commit } = recorder(0);
    await Promise.all([commit.add(['a']), commit.add(['b'])]);
    const later: Array<Promise<void>> = [];
    for (const item of ['c', 'd']) {
      later.push(commit.add([item]));
      await nextTurn();
    }
    await Promise.all(later);
    expect(writes).to.deep.equal([['a', 'b'], ['c'], ['d']]);
  });
});
