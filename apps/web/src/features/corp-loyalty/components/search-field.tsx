import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/** A table's free-text search: typing is local, the search applies on Enter, on leaving the field or with the button. */
export function SearchField({ value, label, onSearch }: { value: string; label: string; onSearch(text: string): void }) {
  const { t } = useTranslation('corp-loyalty');
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL's search changed elsewhere (back button, another link): show it.
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
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      sx={{ width: { xs: '100%', sm: 300 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={commit} aria-label={t('search-button')}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
