import { Outlet } from 'react-router';
import AccountFrame from './account-frame';

/** Account layout: logo, a security note, copyright and a terms link (login, passwords, requests). */
export default function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}
