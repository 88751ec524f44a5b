/**
 * The model `--auth` registers, logs in and acts as: the skeleton's user, which has the name, email and
 * password the requests validate, the `hashed` cast and a factory.
 */
export const AUTH_USER_MODEL = 'App\\Models\\User';
