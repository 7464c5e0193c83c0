import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fc/contract';
import {
  findProgramme,
  FINDER_COUNTRIES,
  POWER_UNITS_MAX,
  PROGRAMMES,
  type FinderError,
  type FinderResult,
  type Programme,
} from '@fc/contract/public-site';
import { Icon } from '@/components/public-icons';
import { useAppConfig } from '@/lib/session/app-config';

/** One programme's card: name, fleet size, billing cycle and days to pay (PUB-06, PUB-07). */
export function ProgrammeCard({
  programme,
  highlight = false,
  headingLevel = 3,
}: {
  programme: Programme;
  highlight?: boolean;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('public-site');
  const { data: config } = useAppConfig();
  const Heading = `h${headingLevel}` as const;
  const key = `home.programmes.${programme.id}`;
  return (
    <article className="pub-card pub-programme" data-highlight={highlight || undefined} data-testid={`programme-${programme.id}`}>
      <Heading className="pub-programme-name">{t(`${key}.name`, { brand: config?.brandName ?? '' })}</Heading>
      <ul>
        {(['fleet', 'billing', 'pay'] as const).map((fact) => (
          <li key={fact}>
            <Icon name="check" />
            {t(`${key}.${fact}`)}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function ProgrammeCards() {
  return (
    <div className="pub-grid pub-grid-3">
      {PROGRAMMES.map((p) => (
        <ProgrammeCard key={p.id} programme={p} />
      ))}
    </div>
  );
}

type Errors = Partial<Record<'powerUnits' | 'country', FinderError>>;

/**
 * The fleet-size finder: the number of power units and the country give the best programme's card and a
 * link back to the form. The rule and its messages are the contract's (findProgramme), so the page and any
 * other caller agree on every boundary.
 */
export function ProgrammeFinder() {
  const { t, i18n } = useTranslation('public-site');
  const id = useId();
  const [units, setUnits] = useState('');
  const [country, setCountry] = useState<string>('US');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<FinderResult | null>(null);
  const unitsRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = findProgramme({ powerUnits: units, country });
    if (!r.ok) {
      setErrors(r.errors);
      if (r.errors.powerUnits) unitsRef.current?.focus();
      return;
    }
    setErrors({});
    setResult(r.value);
    // The result replaces the form; move focus to it so keyboard and screen-reader users follow.
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const back = () => {
    setResult(null);
    requestAnimationFrame(() => unitsRef.current?.focus());
  };

  const errorText = (e: FinderError) => t(`home.finder.errors.${e}`, { max: formatNumber(POWER_UNITS_MAX, i18n.language) });

  return (
    <div className="pub-card pub-finder">
      <h3 id={`${id}-title`}>{t('home.finder.title')}</h3>
      {result ? (
        <div ref={resultRef} tabIndex={-1} className="pub-finder-result" data-testid="finder-result">
          <p>{t('home.finder.result', { count: result.units, context: result.country === 'US' ? 'us' : 'ca' })}</p>
          <ProgrammeCard programme={result.programme} highlight headingLevel={4} />
          <button type="button" className="pub-link-button" onClick={back}>
            <Icon name="chevronLeft" />
            {t('home.finder.back')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
          <p className="pub-muted">{t('home.finder.intro')}</p>
          <div className="pub-field">
            <label htmlFor={`${id}-units`}>{t('home.finder.units')}</label>
            <input
              ref={unitsRef}
              id={`${id}-units`}
              name="powerUnits"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={units}
              onChange={(e) => setUnits(e.target.value)}
              aria-invalid={errors.powerUnits ? true : undefined}
              aria-describedby={`${id}-units-help`}
            />
            <span
              id={`${id}-units-help`}
              className={errors.powerUnits ? 'pub-error' : 'pub-hint'}
              data-testid={errors.powerUnits ? 'finder-error' : undefined}
            >
              {errors.powerUnits ? errorText(errors.powerUnits) : t('home.finder.units-hint')}
            </span>
          </div>
          <fieldset className="pub-field" aria-describedby={errors.country ? `${id}-country-error` : undefined}>
            <legend>{t('home.finder.country')}</legend>
            <div className="pub-radios">
              {FINDER_COUNTRIES.map((c) => (
                <label key={c}>
                  <input type="radio" name="country" value={c} checked={country === c} onChange={() => setCountry(c)} />
                  {t(`home.finder.${c === 'US' ? 'us' : 'ca'}`)}
                </label>
              ))}
            </div>
            {errors.country && (
              <span id={`${id}-country-error`} className="pub-error">
                {errorText(errors.country)}
              </span>
            )}
          </fieldset>
          <button type="submit" className="pub-button pub-button-primary">
            {t('home.finder.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
