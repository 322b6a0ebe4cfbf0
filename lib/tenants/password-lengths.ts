// How long a staff password may be. Its own module because the invitation page's form (a client
// component) and the console's declared bodies check them too, without the hashing behind them.
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
