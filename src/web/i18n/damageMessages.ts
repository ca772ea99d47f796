/** The damage marked on the machine's outline and the ERP's machine (issue 32). */
export const damageMessages = {
  title: 'Danni sul mezzo',
  help: 'Toccare la sagoma dove si vede il danno. In nero i danni già segnati su questa matricola, in rosso quelli nuovi.',
  outline: 'Sagoma',
  model: 'Modello',
  chooseOutline: 'Scegliere la sagoma del mezzo',
  legendNew: 'Nuovo',
  legendEarlier: 'Già presente',
  legendRepaired: 'Riparato',
  viewLabel: (view: string) => `Sagoma: ${view}. Toccare per segnare un danno`,
  markLabel: (n: string, type: string) => `Danno ${n}: ${type}`,
  newMark: (view: string) => `Nuovo danno · ${view}`,
  editMark: (n: number, view: string) => `Danno ${n} · ${view}`,
  type: 'Tipo di danno',
  severity: 'Gravità',
  description: 'Descrizione',
  photoRequired: 'Scattare almeno una foto del danno',
  confirm: 'Conferma danno',
  remove: 'Elimina danno',
  cancel: 'Annulla',
  none: 'Nessun danno segnato',
  earlierTitle: 'Danni già presenti sul mezzo',
  newTitle: 'Danni segnati ora',
  earlierItem: (ref: string, type: string, severity: string, view: string, date: string) =>
    `${ref} · ${type} · ${severity} · ${view} · accettazione del ${date}`,
  newItem: (n: number, type: string, severity: string, view: string, photos: number) =>
    `${n} · ${type} · ${severity} · ${view} · ${photos === 1 ? '1 foto' : `${photos} foto`}`,
  repairedOn: (date: string) => `riparato il ${date}`,
  signatureCovers: (n: number) =>
    n === 1
      ? 'Con la firma il cliente conferma anche il danno segnato sulla sagoma.'
      : `Con la firma il cliente conferma anche i ${n} danni segnati sulla sagoma.`,
  markRepaired: 'Segna riparato',
  repairTitle: (n: number) => `Danno ${n} riparato`,
  repairDate: 'Data della riparazione',
  repairSaved: 'Riparazione registrata',
  repairSave: 'Registra riparazione',
  // The ERP's machine
  erpLooking: 'Ricerca della matricola nel gestionale…',
  erpFound: (model: string, family: string) => `Trovata nel gestionale: ${model} (famiglia ${family})`,
  erpReading: (reading: string) => `Ultima lettura nel gestionale: ${reading}`,
  erpFilledOutline: 'Sagoma e modello compilati dal gestionale.',
  erpFilledModel: 'Modello compilato dal gestionale: scegliere la sagoma del mezzo.',
  erpFilledReading: 'La lettura è quella del gestionale: verificarla sul mezzo.',
  erpUnknown: 'Matricola non trovata nel gestionale: verrà registrata così',
  erpUnreachable: 'Gestionale non raggiungibile: la matricola verrà registrata così',
} as const;
