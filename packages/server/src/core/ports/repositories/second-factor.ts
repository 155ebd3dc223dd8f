/**
 * Two-step sign-in storage (decision 0036): one TOTP secret per account, sealed by the caller before
 * it arrives here; recovery codes and challenges only as digests. Times are epoch milliseconds.
 */
export interface StoredSecondFactor {
  sealedSecret: string;
  /** Null while enrolment waits for its first code. */
  confirmedAt: number | null;
  /** The last TOTP time step accepted, so no code is accepted twice. */
  lastUsedStep: number | null;
}

export interface SecondFactorRepository {
  find(email: string): StoredSecondFactor | undefined;
  /** Starts (or restarts) enrolment: replaces any unconfirmed secret; never a confirmed one. */
  savePending(email: string, sealedSecret: string, at: number): boolean;
  confirm(email: string, step: number, at: number): boolean;
  /** Atomically: true only when `step` is later than the last accepted one (the replay check). */
  useStep(email: string, step: number): boolean;
  /** Switches the factor off: the secret, its recovery codes and open challenges go. */
  remove(email: string): void;

  /** Replaces every recovery code of the account with these digests. */
  replaceRecoveryCodes(email: string, codeHashes: readonly string[], at: number): void;
  unusedRecoveryCodes(email: string): string[];
  /** Atomically marks one code used; false when it already was. */
  useRecoveryCode(email: string, codeHash: string, at: number): boolean;

  addChallenge(tokenHash: string, email: string, expiresAt: number, forgetBefore: number): void;
  /** The account of a challenge still open at `at`, or undefined. */
  challengeEmail(tokenHash: string, at: number): string | undefined;
  /** Atomically spends the challenge; false when it was already spent or has expired. */
  spendChallenge(tokenHash: string, at: number): boolean;
}
