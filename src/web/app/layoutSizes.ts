/** The shell's fixed sizes, shared by the layout and by a list's first frame drawn before it loads. */
export const DRAWER = 280;
export const BANNER = 20;
export const TOP = BANNER + 64;
/** Below this width the drawer is a temporary one (MUI's md breakpoint). */
export const PHONE_BELOW = 900;
