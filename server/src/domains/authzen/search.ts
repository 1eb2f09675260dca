/**
 * The AuthZEN search walk (spec, "Search APIs"): candidates in a stable order, each decided as an
 * evaluation of it would be, the allowed ones answered page by page. Nothing is cut: a page ends at
 * `limit` results or after `maxCandidatesPerPage` decisions, and then gives a next_token; only the
 * end of the candidates gives an empty one (OpenFGA's ListObjects stops at 1,000 results silently;
 * this never does).
 */

/** Spec, "Paginated Requests": page size is the PDP's to choose; schemas/authzen-page-request.json holds the maximum. */
export const searchPageLimits = { defaultLimit: 50, maxLimit: 100 } as const;

/**
 * Candidates decided in one round, recorded in one write: a batch's worth (POST /access/v1/evaluations
 * takes 100), and at most `maxCandidatesPerPage` per page, so a page's work and its records are
 * bounded whatever the number of principals.
 */
export const candidatesPerRound = 100;
export const maxCandidatesPerPage = 1000;

export interface SearchWalk {
  /** Up to `count` candidates after `after` (from the start when undefined), in the walk's order. */
  list(after: string | undefined, count: number): Promise<string[]>;
  /** Each candidate's decision, allowed or not, in the order given. */
  decide(candidates: string[]): Promise<boolean[]>;
}

/**
 * One page: the allowed candidates after `after`, at most `limit`, and where the next page starts
 * (undefined: the walk is complete). A round that reaches `limit` mid-way leaves the rest of its
 * candidates to the next page, which decides them again (each decision made is recorded).
 */
export async function searchPage(walk: SearchWalk, after: string | undefined, limit: number): Promise<{ answered: string[]; next: string | undefined }> {
  const answered: string[] = [];
  let position = after;
  let decided = 0;
  for (;;) {
    const round = Math.min(candidatesPerRound, maxCandidatesPerPage - decided);
    // One more than the round decides: whether any candidate is left after it.
    const candidates = await walk.list(position, round + 1);
    const deciding = candidates.slice(0, round);
    if (deciding.length === 0) return { answered, next: undefined };
    const allowed = await walk.decide(deciding);
    for (const [index, candidate] of deciding.entries()) {
      position = candidate;
      if (!allowed[index]) continue;
      answered.push(candidate);
      if (answered.length === limit) {
        const more = index < deciding.length - 1 || candidates.length > round;
        return { answered, next: more ? position : undefined };
      }
    }
    decided += deciding.length;
    if (candidates.length <= round) return { answered, next: undefined };
    if (decided >= maxCandidatesPerPage) return { answered, next: position };
  }
}
