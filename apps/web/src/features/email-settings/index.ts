/** Nothing of this feature is used elsewhere: its screens are loaded by file (app/router/pages.tsx). */
export {};
