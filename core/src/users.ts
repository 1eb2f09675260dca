/**
 * What a username is: the name a person signs in with, unique among live users whatever its case
 * (the server looks names up with lower()). One place for the rule (STYLE habit 1), for
 * `acctl server user create` and the server's own user creation alike.
 */

/** The most characters a username has (the bootstrap setting's schema says the same). */
export const maxUsernameLength = 200;

/**
 * What is wrong with `username` as the name of a new user, to follow the name of the field (`must
 * have ...`), or undefined when nothing is: 1 to 200 characters, no control characters and no
 * spaces around it, which would make two names look the same.
 */
export function usernameProblem(username: string): string | undefined {
  if (username.length === 0 || username.length > maxUsernameLength || username.trim() !== username || /\p{Cc}/u.test(username)) {
    return `must have 1 to ${maxUsernameLength} characters, no control characters and no spaces around it`;
  }
  return undefined;
}

/**
 * Whether the server stores `username` for a user: 1 to 200 characters, counted in code points as
 * the bootstrap setting's JSON Schema counts them. Looser than usernameProblem on purpose: the server
 * has always accepted any such ACCTL_BOOTSTRAP_ADMIN_USERNAME, and the spec sets no stricter rule,
 * so a deployment that starts today keeps starting.
 */
export function isStorableUsername(username: string): boolean {
  const length = [...username].length;
  return length >= 1 && length <= maxUsernameLength;
}
