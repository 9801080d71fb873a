// The shortest password any path accepts; shared by the server's policy and the forms' hints.
export const MIN_PASSWORD_LENGTH = 10;
