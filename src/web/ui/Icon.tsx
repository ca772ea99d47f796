import { IconButton, Tooltip, type IconButtonProps } from '@mui/material';
import Add from '@mui/icons-material/Add';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AttachFile from '@mui/icons-material/AttachFile';
import Check from '@mui/icons-material/Check';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Folder from '@mui/icons-material/Folder';
import Fullscreen from '@mui/icons-material/Fullscreen';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ImageIcon from '@mui/icons-material/Image';
import Info from '@mui/icons-material/InfoOutlined';
import LockOpen from '@mui/icons-material/LockOpen';
import Map from '@mui/icons-material/Map';
import OpenWith from '@mui/icons-material/OpenWith';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Print from '@mui/icons-material/Print';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import StickyNote2 from '@mui/icons-material/StickyNote2';
import SwitchAccount from '@mui/icons-material/SwitchAccount';
import TableView from '@mui/icons-material/TableView';
import Undo from '@mui/icons-material/Undo';
import Visibility from '@mui/icons-material/Visibility';
import ZoomIn from '@mui/icons-material/ZoomIn';
import Call from '@mui/icons-material/Call';
import PhoneMissed from '@mui/icons-material/PhoneMissed';
import Send from '@mui/icons-material/Send';
import Group from '@mui/icons-material/Group';

/** The icon set of SPEC.md section 2, each with its Italian tooltip. */
export const ICONS = {
  edit: [Edit, 'Modifica'],
  trash: [Delete, 'Elimina'],
  add: [Add, 'Aggiungi'],
  search: [Search, 'Cerca'],
  close: [Close, 'Chiudi'],
  refresh: [Refresh, 'Aggiorna'],
  back: [ArrowBack, 'Indietro'],
  right: [ArrowForward, 'Avanti'],
  check: [Check, 'Conferma'],
  'circle-close': [HighlightOff, 'Annulla'],
  info: [Info, 'Informazioni'],
  'circle-add': [AddCircleOutline, 'Aggiungi'],
  move: [OpenWith, 'Sposta'],
  detail: [ZoomIn, 'Dettaglio'],
  download: [Download, 'Scarica'],
  fullscreen: [Fullscreen, 'Schermo intero'],
  undo: [Undo, 'Annulla modifiche'],
  'change-user': [SwitchAccount, 'Cambia utente'],
  show: [Visibility, 'Visualizza'],
  pdf: [PictureAsPdf, 'PDF'],
  folder: [Folder, 'Documenti'],
  attachment: [AttachFile, 'Allegati'],
  map: [Map, 'Mappa'],
  next: [ChevronRight, 'Successivo'],
  previous: [ChevronLeft, 'Precedente'],
  excel: [TableView, 'Esporta in Excel'],
  note: [StickyNote2, 'Note'],
  document: [Description, 'Documento'],
  image: [ImageIcon, 'Immagine'],
  print: [Print, 'Stampa'],
  phone: [Call, 'Chiama'],
  'phone-missed': [PhoneMissed, 'Nessuna risposta'],
  send: [Send, 'Invia'],
  people: [Group, 'Utenti'],
  unlock: [LockOpen, 'Sblocca accesso'],
} as const;
export type IconName = keyof typeof ICONS;

interface Props extends Omit<IconButtonProps, 'children'> {
  name: IconName;
  /** Overrides the standard tooltip, e.g. "Modifica Milano". */
  label?: string;
}

/** One button component for every action icon: the tooltip is also its accessible name. */
export function Icon({ name, label, ...props }: Props) {
  const [Glyph, tooltip] = ICONS[name];
  return (
    <Tooltip title={label ?? tooltip}>
      <IconButton aria-label={label ?? tooltip} {...props}>
        <Glyph />
      </IconButton>
    </Tooltip>
  );
}
