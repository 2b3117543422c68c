/** The designer's query keys. The builder's libraries (`fonts`, `backgrounds`) are refreshed by the admin library too. */
export const designerKeys = {
  styles: () => ['styles'] as const,
  fonts: () => ['fonts'] as const,
  backgrounds: () => ['backgrounds'] as const,
  stockImages: (...view: unknown[]) => ['stock-images', ...view] as const,
  /** The set list; the subscription page's set count (`['certificates', 'count']`) sits under it. */
  certificates: (...view: unknown[]) => ['certificates', ...view] as const,
  designSet: (kind: string, id: number) => ['design-set', kind, id] as const,
  setCertificates: (...view: unknown[]) => ['design-set', 'certificates', ...view] as const,
  thumbnail: (src: string) => ['thumbnail', src] as const,
};
