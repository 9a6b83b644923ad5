/**
 * The layouts of the preview images (docs/product/site.md#preview-images), in the subset of CSS that
 * satori lays out (flex boxes, text that wraps); render.ts turns them into PNG files.
 */
import type { ReactNode } from 'react';
import { CARD_COLOURS, CARD_FONT, CARD_SIZE, titleFontSize, type CardPicture } from './card-parts';

/** A picture for satori: an SVG as a data URL, drawn at `width` x `height`. */
function Svg({ svg, width, height }: { svg: string; width: number; height: number }) {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return <img src={src} width={width} height={height} alt="" />;
}

/** What every card shows: the house mark and name on top, the place and phone below, the amber band. */
interface FrameProps {
  readonly mark: string;
  readonly name: string;
  readonly footer: string;
  readonly children: ReactNode;
}

function Frame({ mark, name, footer, children }: FrameProps) {
  return (
    <div
      style={{
        ...CARD_SIZE,
        display: 'flex',
        flexDirection: 'column',
        background: CARD_COLOURS.background,
        fontFamily: CARD_FONT,
        color: CARD_COLOURS.title,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '56px 72px 40px' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <Svg svg={mark} width={64} height={64} />
          <div style={{ fontSize: 30, fontWeight: 700 }}>{name}</div>
        </div>
        <div style={{ display: 'flex', flexGrow: 1, alignItems: 'center' }}>{children}</div>
        <div style={{ fontSize: 28, color: CARD_COLOURS.muted }}>{footer}</div>
      </div>
      <div style={{ height: 18, background: CARD_COLOURS.accent }} />
    </div>
  );
}

/** The parts of the business every card names (src/site.ts). */
export interface CardBrand {
  /** The house mark, an SVG (public/favicon.svg). */
  readonly mark: string;
  readonly name: string;
  /** "Springfield, MO · (417) 555-0142". */
  readonly footer: string;
}

/** An article's card: its category and title beside its illustration, or the house mark large. */
export function ArticleCard({
  brand,
  title,
  category,
  picture,
}: {
  brand: CardBrand;
  title: string;
  category: string;
  picture: CardPicture | null;
}) {
  const panelWidth = 440;
  // A margin inside the panel, for labels that run a little past their drawing in the card's font.
  const pictureWidth = panelWidth - 40;
  const scale = picture ? pictureWidth / picture.width : 1;
  return (
    <Frame {...brand}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 48, width: '100%' }}>
        <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexShrink: 1, flexBasis: 0 }}>
          <div style={{ display: 'flex' }}>
            <div
              style={{
                background: CARD_COLOURS.accent,
                color: CARD_COLOURS.ink,
                fontSize: 24,
                fontWeight: 700,
                padding: '6px 18px',
                borderRadius: 999,
              }}
            >
              {category}
            </div>
          </div>
          <div style={{ marginTop: 22, fontSize: titleFontSize(title), fontWeight: 700, lineHeight: 1.15 }}>
            {title}
          </div>
        </div>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: panelWidth,
            height: 300,
            borderRadius: 28,
            overflow: 'hidden',
            background: CARD_COLOURS.panel,
          }}
        >
          {picture ? (
            <Svg svg={picture.svg} width={pictureWidth} height={Math.round(picture.height * scale)} />
          ) : (
            <Svg svg={brand.mark} width={200} height={200} />
          )}
        </div>
      </div>
    </Frame>
  );
}

/** The brand card of every other page: what the business does, large, under its name. */
export function BrandCard({ brand, tagline }: { brand: CardBrand; tagline: string }) {
  return (
    <Frame {...brand}>
      <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.15 }}>{tagline}</div>
    </Frame>
  );
}
