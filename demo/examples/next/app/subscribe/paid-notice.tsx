'use client';
// The package types its events on the document too: `event.detail.payment` is a Payment.
import { useEffect, useState } from 'react';

export function PaidNotice() {
  const [reference, setReference] = useState('');
  useEffect(() => {
    const paid = (event: DocumentEventMap['pay-success']) => setReference(event.detail.payment.reference);
    document.addEventListener('pay-success', paid);
    return () => document.removeEventListener('pay-success', paid);
  }, []);
  return reference ? <p role="status">Paid: {reference}</p> : null;
}
