import type { RoleName } from '../../generated/entities.ts';

/** What a token is for: a staff session, the event stream, the public page of one offer, or the PBX posting calls. */
export type Audience = 'staff' | 'hub' | 'public-offer' | 'pbx';

/**
 * A staff session's access token: who, with which roles, and the user's token version when it was
 * issued. The server signs and checks it; the browser reads who is signed in from it.
 */
export interface StaffClaims {
  id: number;
  username: string;
  name: string;
  surname: string;
  roles: RoleName[];
  /** The user's token version: a change of password, roles or activity bumps it and ends the session. */
  ver: number;
  /**
   * The session: one sign-in, kept through its refreshes (its refresh-token family). Its logout ends
   * this token, the hub tokens taken with it and their open streams at once.
   */
  sid: string;
  /** Set while a super admin works as this user: who they really are, and their token version. */
  impersonator?: { id: number; name: string; ver: number };
}

/** What the browser shows of a staff token: the claims without the versions only the server checks. */
export type SessionIdentity = Omit<StaffClaims, 'ver' | 'sid' | 'impersonator'> & {
  /** Who is really at the keyboard while a super admin impersonates this user. */
  impersonator?: Omit<NonNullable<StaffClaims['impersonator']>, 'ver'>;
};

/** The public offer page of one negotiation, opened with its document token. */
export interface PublicOfferClaims {
  negotiationId: number;
  code: string;
}

/** An event stream subscription: whose, of which session and session version, on which topics. */
export interface HubClaims {
  userId: number;
  ver: number;
  sid: string;
  topics: string[];
}

/** The integration user a PBX token stands for, and that user's token version when it was issued. */
export interface PbxClaims {
  userId: number;
  ver: number;
}
