/**
 * A machine (resource group) as people read it, the same in the offer builder, the PDFs, the customer's page
 * and the e-mails: its Italian description, else its code. The CRM description is not a second name.
 */
export const machineName = (group: { description?: string | null; code?: string | null }): string =>
  group.description?.trim() || group.code?.trim() || '';
