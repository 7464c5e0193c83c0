import { z } from 'zod';
import { endpoint, jsonApi, type CamelKeys } from '../../core/endpoint';
import { WELCOME_FIGURES, type WelcomeFigureKey } from '../../core/welcome';

type FigureRoute = (typeof WELCOME_FIGURES)[WelcomeFigureKey];
const FIGURE_ROUTES = [...new Set(Object.values(WELCOME_FIGURES))] as [FigureRoute, ...FigureRoute[]];

/** One live figure of the welcome pages (APP-15): its value and the screen it summarises; id the figure's key. */
export const welcomeFigureAttributes = z.object({ value: z.number(), 'route-id': z.enum(FIGURE_ROUTES) });
export type WelcomeFigure = CamelKeys<z.output<typeof welcomeFigureAttributes>> & { id: WelcomeFigureKey };

export const welcomeEndpoints = {
  welcomeFigures: endpoint({
    method: 'GET',
    path: '/fc-common-api/welcome/figures',
    tag: 'auth',
    summary: 'The live figures of the welcome page, each only for a user who may open its screen',
    access: 'signedIn',
    answer: jsonApi('welcome-figure', welcomeFigureAttributes),
  }),
};
