import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/**
 * A table's search box: typing is local, the search applies on Enter, on blur or with the button. Its label
 * is "Search"; `label` says what it searches, under the field, where a longer language's text wraps instead
 * of being cut ("Rechercher un nom, une entreprise, un courriel, ..." was, issue 20).
 */
export function SearchField({
  value,
  label,
  onSearch,
  maxLength = 100,
}: {
  value: string;
  label: string;
  onSearch(text: string): void;
  maxLength?: number;
}) {
  const { t } = useTranslation('customers');
  const [text, setText] = useState(value);
  // Clear or the back button changes the applied search; show it (state adjusted while rendering).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onSearch(text.trim());
  };
  return (
    <TextField
      size="small"
      type="search"
      label={t('table.search')}
      helperText={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={commit} aria-label={t('table.search')}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
