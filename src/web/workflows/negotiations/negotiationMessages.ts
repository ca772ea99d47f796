/** The Italian words of the negotiation workflow (SPEC.md sections 2, 5 and 8). */
export const negotiationMessages = {
  newTitle: 'Nuova trattativa',
  back: 'Torna alle trattative',
  saveFirst: 'Salvare la trattativa per allegare file e inviare documenti.',
  archived: 'Trattativa archiviata',
  vat: {
    inErp: 'Partita iva già presente in Mago',
    othersTitle: 'Trattative con la stessa partita IVA',
    othersText: (vat: string, n: number) =>
      n === 1
        ? `Esiste già un'altra trattativa non archiviata con partita IVA ${vat}.`
        : `Esistono già ${n} trattative non archiviate con partita IVA ${vat}.`,
    saveAnyway: 'Salva comunque',
    open: (name: string) => `Apri ${name}`,
  },
  map: { title: 'Posizione del cantiere' },
  attachments: {
    title: 'Allegati',
    add: 'Aggiungi file',
    description: 'Descrizione',
    none: 'Nessun allegato',
    download: (name: string) => `Scarica ${name}`,
    remove: (name: string) => `Elimina ${name}`,
    confirmRemove: (name: string) => `Eliminare l'allegato ${name}? L'operazione non si può annullare.`,
  },
  archive: {
    action: 'Archivia',
    restore: 'Ripristina',
    title: 'Archiviare la trattativa?',
    text: (name: string) =>
      `La trattativa ${name} non comparirà più nell'elenco delle trattative non archiviate. Si potrà ripristinare.`,
    restoreTitle: 'Ripristinare la trattativa?',
    restoreText: (name: string) => `La trattativa ${name} tornerà tra le trattative non archiviate.`,
  },
  reassign: {
    action: 'Riassegna',
    title: 'Riassegna la trattativa',
    user: 'Nuovo operatore',
    confirm: (name: string, user: string) => `Riassegnare la trattativa ${name} a ${user}?`,
  },
  lost: {
    title: 'Trattativa persa',
    text: 'Indicare il motivo per cui la trattativa è persa e lo stato dell’offerta.',
    reason: 'Motivo perso',
    offerStatus: 'Stato offerta',
    notes: 'Note trattativa persa',
    required: 'Scegliere il motivo e lo stato dell’offerta',
  },
  sends: {
    title: 'Invii',
    recipients: 'Destinatari',
    recipientsHint: 'Indirizzi e-mail separati da virgola',
    notAddresses: (list: string[]) =>
      list.length === 1 ? `${list[0]} non è un indirizzo e-mail` : `Non sono indirizzi e-mail: ${list.join(', ')}`,
    atLeastOne: 'Selezionare almeno un destinatario',
    send: 'Invia',
    next: 'Avanti',
    back: 'Indietro',
    anagrafica: {
      action: 'Invia anagrafica',
      title: "Inviare l'anagrafica?",
      text: (to: string) => `L'anagrafica della trattativa sarà inviata a ${to}.`,
    },
    brochure: {
      action: 'Invia brochure',
      title: 'Inviare la brochure?',
      choose: 'Brochure',
      text: 'Scegliere la brochure e i destinatari.',
      noneConfigured: 'Nessuna brochure configurata',
    },
    marketing: {
      action: 'Brochure marketing',
      title: 'Inviare la brochure di marketing?',
      text: 'Scrivere oggetto e testo e scegliere gli allegati: ogni destinatario riceve il proprio messaggio.',
      subject: 'Oggetto',
      body: 'Testo',
      files: 'Allegati',
      chooseFiles: 'Scegli i file',
    },
    mago: {
      action: 'Invia contatto a Mago',
      title: 'Inviare il contatto a Mago?',
      text: (name: string) => `Il contatto ${name} sarà registrato nel gestionale.`,
    },
    link: {
      action: 'Invia link accreditamento',
      title: 'Inviare il link di accreditamento?',
      text: (to: string) => `Il link di accreditamento sarà inviato a ${to}.`,
    },
    offer: {
      action: 'Invia offerta',
      chooseTitle: "Destinatari dell'offerta",
      confirmTitle: "Inviare l'offerta?",
      confirmText: (n: number) => `L'offerta sarà inviata a ${n === 1 ? '1 destinatario' : `${n} destinatari`}.`,
      other: 'Altro destinatario',
    },
    sheet: { action: 'Invia scheda tecnica' },
    sent: 'inviato',
  },
  live: {
    changed: (who: string) => `${who} ha salvato questa trattativa mentre era aperta.`,
    someone: 'Un altro utente',
  },
  calendar: {
    title: 'Calendario trattative',
    legend: { inserimento: 'Inserimento', richiamo: 'Richiamo', visita: 'Visita ripianificata' },
    views: { fourDays: '4 giorni' },
    newPlanning: 'Nuova attività',
  },
} as const;
