#pragma once
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
