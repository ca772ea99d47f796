import type { RoleName } from '../../generated/entities.ts';
import type { OperationId } from './apiOperations.ts';
import { GENERIC_OPERATION } from './resourceDefinition.ts';

/**
 * Who may call an operation: anybody ('public'), any active staff user ('authenticated'), staff
 * users with one of these roles, only the customer's page of one offer ('public-offer': a token
 * of that audience, never a staff one), or only the telephone system ('pbx': a token of that
 * audience given to an active ROLE_API user, never a staff one).
 */
export type Access = 'public' | 'authenticated' | 'public-offer' | 'pbx' | readonly RoleName[];

const SA = 'ROLE_SUPER_ADMIN',
  A = 'ROLE_ADMIN';
export const ROLE_GROUPS = {
  admin: [SA, A],
  trattative: [SA, A, 'ROLE_USER_CP', 'ROLE_SUPERVISOR_CP', 'ROLE_COMMERCIALE_CP', 'ROLE_MASTER'],
  configurazioneTrattative: [SA, A, 'ROLE_SUPERVISOR_CP'],
  crm: [SA, A, 'ROLE_USER_CRM', 'ROLE_USER_CP', 'ROLE_SUPERVISOR_CP', 'ROLE_COMMERCIALE_CP', 'ROLE_MASTER'],
  accettazione: [SA, A, 'ROLE_USER_ACCETTAZIONE_MEZZI', 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  inventario: [SA, A, 'ROLE_SUPERVISOR_INVENTARIO_MEZZI', 'ROLE_USER_INVENTARIO_MEZZI'],
  contactCenter: [SA, A, 'ROLE_CONTACT_CENTER'],
  /** The agenda: the sales team's, and each contact-centre operator's own call-backs (schemas/planning.json). */
  agenda: [
    SA,
    A,
    'ROLE_USER_CRM',
    'ROLE_USER_CP',
    'ROLE_SUPERVISOR_CP',
    'ROLE_COMMERCIALE_CP',
    'ROLE_MASTER',
    'ROLE_CONTACT_CENTER',
  ],
} as const satisfies Record<string, readonly RoleName[]>;

const G = ROLE_GROUPS;

/** Who may give an offer discount above maxScontoOfferta (issue 15); their name is recorded with it. */
export const DISCOUNT_APPROVERS: readonly RoleName[] = [SA, A, 'ROLE_SUPERVISOR_CP'];
/**
 * Operations whose access is not simply their resource's roles (SPEC.md sections 2 and 6).
 * Generic operations (list<Type>, get<Type>, ...) take the roles in their schema's x-resource;
 * reading a resource that other screens use as a lookup is open to every signed-in user.
 * Keyed by the operationIds of openapi.yaml: a misspelt one does not compile.
 */
export const OPERATION_ACCESS: { readonly [K in OperationId]?: Access } = {
  login: 'public',
  refreshToken: 'public',
  loginMicrosoft: 'public',
  loginApiFromClient: 'public',
  // The refresh token in the body is the credential: an expired access token must not prevent leaving.
  logout: 'public',
  // The hub checks its own subscriber token (EventSource cannot send a bearer header).
  subscribeHub: 'public',
  getHubSubscriberToken: 'authenticated',
  forceLogoutUser: G.admin,
  unblockUserLogin: G.admin,
  // The handler applies the roles of the list being exported (exportAccess).
  exportResource: 'authenticated',
  // The handler applies the record's own read rule (its get call's roles, then its visibility).
  readRecordHistory: 'authenticated',
  // The handlers apply the roles of the resource's create and update calls (a form's save).
  uploadImport: 'authenticated',
  getImport: 'authenticated',
  previewImport: 'authenticated',
  runImport: 'authenticated',
  downloadImportErrors: 'authenticated',
  getProfile: 'authenticated',
  getCurrentUser: 'authenticated',
  listMyFilialiInventario: 'authenticated',
  // Each kind of result is filtered by the roles of the page it opens and the workflow's own visibility rule.
  searchEverything: 'authenticated',
  // Checked again in the handler: a user may change only their own profile and password.
  updateUser: 'authenticated',
  changePassword: 'authenticated',
  listUser: G.admin,
  getUser: G.admin,
  createUser: G.admin,
  deleteUser: G.admin,
  setUserActive: G.admin,
  impersonateUser: [SA],
  listUserGruppoCrm: G.configurazioneTrattative,
  listSalesPerson: 'authenticated',
  getFilialeInventari: G.inventario,
  listInsurance: 'authenticated',
  listStatoOfferta: 'authenticated',
  listAttrezzatureGruppoRisorse: [...G.trattative],
  listListiniGruppoRisorse: [...G.trattative],
  createAccettazioneMezzo: G.accettazione,
  uploadAccettazioneMezzoFoto: G.accettazione,
  // The operator sees the machine's last check-in (readings, damage, photos) while filling the wizard.
  getUltimaAccettazioneMezzo: G.accettazione,
  downloadAccettazioneMezzoFoto: G.accettazione,
  listOperatoriAccettazioneMezzo: G.accettazione,
  // The wizard draws its checks from the control types; changing them stays with the supervisors.
  listTipoControllo: G.accettazione,
  downloadAccettazioneMezzoFirma: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  downloadAccettazioneMezzoPdf: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  createAccettazioneMezzoAddendum: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  // The wizard shows the damage already on the machine and what the ERP knows of it.
  listDanniPrecedentiAccettazioneMezzo: G.accettazione,
  getMacchinaErpAccettazioneMezzo: G.accettazione,
  // The workshop (the service area: acceptance supervisors) marks damage repaired.
  createRiparazioneDannoAccettazione: [SA, A, 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  checkCustomerVatNumber: G.crm,
  listCustomerContacts: G.crm,
  listCustomerDetails: G.crm,
  uploadDocument: G.crm,
  deleteDocument: G.crm,
  downloadDocument: G.crm,
  updateBranchOffice: G.admin,
  updateMissedCall: G.contactCenter,
  getReportCallTotals: G.admin,
  recallMissedCall: G.contactCenter,
  recallMissedCallNoAnswer: G.contactCenter,
  ingestPbxCalls: 'pbx',
  createPbxToken: G.admin,
  // The e-mail outbox is the super admin's alone (SPEC.md section 2); listEmail takes it from schemas/email.json.
  resendEmail: [SA],
  getEmail: [SA],
  // Closing the count, its lists and deleting an inventory are the supervisor's (issue 18); counters count.
  concludeInventarioMezzi: [SA, A, 'ROLE_SUPERVISOR_INVENTARIO_MEZZI'],
  getInventarioMezziChiusura: [SA, A, 'ROLE_SUPERVISOR_INVENTARIO_MEZZI'],
  deleteInventarioMezzi: [SA, A, 'ROLE_SUPERVISOR_INVENTARIO_MEZZI'],
  // A brochure's PDF: who configures brochures uploads and reads it; the sends attach it on the server (issue 32).
  uploadPdfInvioBrochure: G.configurazioneTrattative,
  downloadPdfInvioBrochure: G.configurazioneTrattative,
  // Moving a machine to another branch changes the ERP's registry: the supervisor's, as closing is (issue 32).
  moveInventarioMezziItem: [SA, A, 'ROLE_SUPERVISOR_INVENTARIO_MEZZI'],
  getInventarioMezziHubToken: G.inventario,
  setInventarioMezziItemStato: G.inventario,
  exportInventarioMezziItems: G.inventario,
  getTrattativaCpPublic: 'public-offer',
  setTrattativaCpDraftViewed: 'public-offer',
  confirmTrattativaCpOffer: 'public-offer',
  requestTrattativaCpNewOffer: 'public-offer',
  downloadTrattativaCpOffertaFirmataPublic: 'public-offer',
  // What the customer did on the public page (and the signed PDF): whoever works on negotiations, seeing this one.
  getTrattativaCpOffertaCliente: G.trattative,
  downloadTrattativaCpOffertaFirmata: G.trattative,
  reassignTrattativaCp: [SA, A, 'ROLE_NL'],
  listOperatoriTrattativaCp: [SA, A, 'ROLE_NL'],
  createTrattativaCpDocumentToken: G.trattative,
  saveTrattativaCpOfferLost: G.trattative,
  sendTrattativaCpAnagrafica: G.trattative,
  sendTrattativaCpBrochure: G.trattative,
  sendTrattativaCpContattoMago: G.trattative,
  sendTrattativaCpLinkAccreditamento: G.trattative,
  sendTrattativaCpOfferta: G.trattative,
  sendTrattativaCpBrochureMarketing: G.trattative,
  uploadTrattativaCpAllegati: G.trattative,
  downloadTrattativaCpAllegato: G.trattative,
  deleteTrattativaCpAllegato: G.trattative,
  checkTrattativaCpPartitaIva: G.trattative,
  acknowledgeTrattativaCpPartitaIva: G.trattative,
  setTrattativaCpArchiviata: G.trattative,
  // The offer of a negotiation: whoever sees the negotiation (visibility re-checked by the handler).
  getTrattativaCpOfferta: G.trattative,
  saveTrattativaCpOfferta: G.trattative,
  downloadTrattativaCpOffertaPdf: G.trattative,
  // Whoever sends a brochure chooses it from this table (configured by supervisors).
  listInvioBrochure: G.trattative,
};

export interface ResourceAccessInfo {
  typeName: string;
  roles: readonly RoleName[];
  /** More roles that may read its records whole (list and get), not export nor write them. */
  readers?: readonly RoleName[];
  /** Other resources point to it (agent, nation...): everybody signed in may read what a picker shows of it. */
  isLookup: boolean;
}

/** Who may read a resource's records whole (and export them): its own roles, never the lookup rule. */
export const wholeReadAccess = (resource: ResourceAccessInfo): readonly RoleName[] =>
  resource.roles.length > 0 ? resource.roles : G.admin;

/** Who may list and get a resource's records whole: its roles and its readers. */
export const wholeListAccess = (resource: ResourceAccessInfo): readonly RoleName[] => [
  ...wholeReadAccess(resource),
  ...(resource.readers ?? []),
];

/** The access rule of an operation: the explicit table first, then its resource's roles. */
export function operationAccess(operationId: OperationId, resources: ReadonlyMap<string, ResourceAccessInfo>): Access {
  const explicit = OPERATION_ACCESS[operationId];
  if (explicit) return explicit;
  const m = GENERIC_OPERATION.exec(operationId);
  const resource = m?.[2] ? resources.get(m[2]) : undefined;
  if (!m || !resource) return G.admin;
  // Readers outside the resource's roles get only what a picker needs (see the lookup projection).
  if ((m[1] === 'list' || m[1] === 'get') && resource.isLookup) return 'authenticated';
  // Pictures appear wherever their record does (offers, negotiations).
  if (m[1] === 'downloadImage') return 'authenticated';
  if (m[1] === 'list' || m[1] === 'get') return wholeListAccess(resource);
  return wholeReadAccess(resource);
}

/**
 * The access rule of the list an export reads: the explicit rule of a non-generic list, else the
 * resource's own roles, so that the lookup rule never opens a whole table to a file.
 */
export function exportAccess(listOperationId: OperationId, resources: ReadonlyMap<string, ResourceAccessInfo>): Access {
  const m = GENERIC_OPERATION.exec(listOperationId);
  const resource = m?.[2] ? resources.get(m[2]) : undefined;
  const explicit = OPERATION_ACCESS[listOperationId];
  if (explicit && explicit !== 'authenticated') return explicit;
  return resource ? wholeReadAccess(resource) : (explicit ?? G.admin);
}

/** Whether staff roles pass an access rule (a public offer operation is never for staff). */
export function isAllowed(access: Access, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (!roles || access === 'public-offer' || access === 'pbx') return false;
  if (access === 'authenticated') return true;
  return access.some((r) => roles.includes(r));
}
