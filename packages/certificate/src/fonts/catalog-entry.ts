/** One font family as shipped by an @expo-google-fonts package. */
export interface CatalogEntry {
  /** Family name as shown to users and stored in designs ("Open Sans"). */
  family: string;
  /** Package name after "@expo-google-fonts/"; also the directory fonts are served from. */
  pkg: string;
  licence: 'OFL-1.1' | 'Apache-2.0';
  /** Variant directory ("400Regular", "700Bold_Italic") to file path inside the package. */
  files: Record<string, string>;
}
