/** The public link of a profile picture; the version makes each upload a link of its own. */
export const avatarUrl = (userId: string, version: string) => `/api/avatars/${userId}?v=${version}`;
