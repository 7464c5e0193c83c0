import type { ReactNode } from 'react';
import type { Layout } from '@fc/contract';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import './public-frame.css';

/**
 * The frame of the home and bonus layouts (APP-08): the public header, the page, and a footer
 * with the copyright line and the terms link; the home layout's footer also shows support hours, phone and
 * e-mail. Used by the router's layouts and by the light public app alike.
 */
export function PublicFrame({ variant, children }: { variant: 'home' | 'bonus'; children: ReactNode }) {
  return (
    <div className="pub-frame">
      <PublicHeader />
      <main id="main" className="pub-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter support={variant === 'home'} />
    </div>
  );
}

/** The light public app's frame of the home and bonus layouts (app/public-routes.ts publicFrameOf). */
export default function LayoutFrame({ layout, children }: { layout: Layout; children: ReactNode }) {
  return <PublicFrame variant={layout === 'bonus' ? 'bonus' : 'home'}>{children}</PublicFrame>;
}
