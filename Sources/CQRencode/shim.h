#ifndef ROADTRIP_CQRENCODE_SHIM_H
#define ROADTRIP_CQRENCODE_SHIM_H

// Debian's libqrencode (libqrencode-dev): the QR encoder behind `roadtrip link --qr`.
#include <qrencode.h>

#endif
