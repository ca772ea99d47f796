/** The shell's fixed sizes, shared by the layout and by a list's first frame drawn before it loads. */
export const DRAWER = 280;
export const BANNER = 20;
export const TOP = BANNER + 64;
/** Below this width the drawer is a temporary one (MUI's md breakpoint). */
export const PHONE_BELOW = 900;
/** Below this width the page keeps narrower margins (MUI's sm breakpoint). */
export const SMALL_BELOW = 600;
/** The page's margin on each side. */
export const pagePadding = (windowWidth: number) => (windowWidth < SMALL_BELOW ? 12 : 24);
