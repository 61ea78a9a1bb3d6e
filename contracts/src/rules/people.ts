/** The people screens' words both sides use: a user's status and the Users list's sort keys. */

/** active; invited: has not chosen a password yet; disabled: cannot sign in (users are never deleted). */
export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_SORTS = ['name', 'username', 'email', 'last_sign_in', 'created'] as const;
export type UserSort = (typeof USER_SORTS)[number];
