#pragma once
// libxml2 as Debian builds it includes ICU's headers (unicode/ucnv.h) from encoding.h, which
// clash with the ICU that Foundation carries. Nothing here touches libxml2's encoding handlers
// (only pointers to them pass through), so its ICU part is left out of the headers we import.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
