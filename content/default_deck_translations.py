"""Spanish and Portuguese translations of what players read of the default deck.

Written for JustAllowGod by the team, line by line (no machine translation), for the
twenty stories of ``content.default_deck``: each story's title, its person, place and
moment cards (title and one line) and the Word card's one line. The team's summaries
are notes for us, not for players, and are not translated here.

How a translation is judged: it says what the English says, with the same warmth, in
the natural words a family reads at church, children included, and stays about as
short as the English (cards are small on a phone). Spanish is Latin-American-neutral
("ustedes", never "vosotros"); Portuguese is Brazilian. Bible names are spelled as that
language's Bible spells them, in today's spelling: the Reina-Valera 1909 for Spanish
(Noé, Booz, Goliat, Elías, Jonás...) and Almeida for Portuguese (Abraão, Isaque, Boaz,
Davi, Golias, Jonas...). "The LORD" is "el Señor" / "o Senhor" in card lines.

The Word card's verse text is never here: the card is titled by its reference and its
verse comes from each language's Bible (Reina-Valera 1909, Almeida 1911) by that
reference. Only the card's one line, which points at the verse, is translated.
"""

from __future__ import annotations

from typing import NamedTuple

from content.default_deck import Face


class StoryTranslation(NamedTuple):
    """One story of the default deck in one language: what players read."""

    title: str
    person: Face
    place: Face
    moment: Face
    word: str  # the Word card's one line


# language code -> story position (1..20) -> its translation
TRANSLATIONS: dict[str, dict[int, StoryTranslation]] = {
    "es": {
        1: StoryTranslation(
            "Noé y el arca",
            Face("Noé", "Un hombre justo que caminó con Dios y construyó todo tal como Dios le mandó."),
            Face("Los montes de Ararat", "Donde reposó el arca cuando bajaron las aguas."),
            Face("Un arco en las nubes", "La señal de Dios de que nunca más inundará toda la tierra."),
            "El Señor miró a Noé con agrado.",
        ),
        2: StoryTranslation(
            "Abraham e Isaac",
            Face("Abraham", "Confió tanto en Dios que subió al monte con su hijo."),
            Face("La tierra de Moriah", "Tres días de camino hasta el monte que Dios le mostraría."),
            Face("Un carnero en el zarzal", "Atrapado por los cuernos, fue ofrecido en lugar de Isaac."),
            "Lo que Abraham respondió cuando Isaac preguntó por el cordero.",
        ),
        3: StoryTranslation(
            "José y sus hermanos",
            Face("José", "Sus hermanos lo vendieron como esclavo; después gobernó todo Egipto."),
            Face(
                "Los graneros de Egipto", "Grano guardado en siete años de abundancia para siete de hambre."
            ),
            Face("Yo soy José, su hermano", "Lloró a gritos y perdonó a los hermanos que lo habían vendido."),
            "Lo que otros quisieron para mal, Dios lo usó para salvar muchas vidas.",
        ),
        4: StoryTranslation(
            "Moisés en el mar Rojo",
            Face("Moisés", "Extendió su mano sobre el mar, tal como Dios le dijo."),
            Face("El mar Rojo", "Los carros de Faraón detrás, y el agua profunda delante."),
            Face("Tierra seca en el mar", "Un muro de agua a cada lado, e Israel cruzó a pie."),
            "Quédense quietos: el Señor pelea por su pueblo.",
        ),
        5: StoryTranslation(
            "Josué en Jericó",
            Face("Josué", "Guio a Israel alrededor de la ciudad tal como el Señor le mandó."),
            Face("Los muros de Jericó", "Una ciudad bien cerrada: nadie salía y nadie entraba."),
            Face("Siete cuernos de carnero", "Al séptimo día el pueblo gritó y el muro se derrumbó."),
            "Lo que Josué dijo al pueblo en la séptima vuelta.",
        ),
        6: StoryTranslation(
            "Rut y Noemí",
            Face("Rut", "Una viuda de Moab que no quiso apartarse de Noemí."),
            Face("El campo de Booz", "Donde Rut recogía cebada tras los segadores."),
            Face("Puñados a propósito", "Booz hizo que sus segadores dejaran caer espigas para Rut."),
            "La promesa de Rut de ir adondequiera que fuera Noemí.",
        ),
        7: StoryTranslation(
            "David y Goliat",
            Face("David", "Un joven pastor que confiaba en el Señor más que en cualquier armadura."),
            Face("El valle de Ela", "Dos ejércitos en dos montes, y un gigante en medio."),
            Face(
                "Cinco piedras lisas y una honda",
                "Las escogió del arroyo, y luego David corrió hacia el gigante.",
            ),
            "La respuesta de David a la espada y la lanza del gigante.",
        ),
        8: StoryTranslation(
            "Elías en el monte Carmelo",
            Face("Elías", "Un solo profeta del Señor frente a cuatrocientos cincuenta de Baal."),
            Face("El monte Carmelo", "Dos altares, dos bueyes y una pregunta: ¿quién es Dios?"),
            Face("Fuego del cielo", "Quemó el sacrificio y las piedras, y hasta lamió el agua."),
            "Lo que todo el pueblo clamó cuando cayó el fuego.",
        ),
        9: StoryTranslation(
            "Ester",
            Face("Ester", "Una joven reina que alzó la voz para salvar a su pueblo."),
            Face("El palacio de Susa", "La corte del rey, donde nadie entraba sin ser llamado."),
            Face("El cetro de oro", "El rey lo extendió, y Ester se acercó y vivió."),
            "La pregunta de Mardoqueo a Ester: ¿sería para esto que llegó a ser reina?",
        ),
        10: StoryTranslation(
            "Nehemías reconstruye el muro",
            Face("Nehemías", "El copero del rey que lloró por Jerusalén y luego fue a reconstruirla."),
            Face("Las puertas de Jerusalén", "Quemadas a fuego y en ruinas cuando llegó Nehemías."),
            Face(
                "Cuchara de albañil y espada",
                "Los constructores trabajaban con una mano y con la otra hacían guardia.",
            ),
            "Por qué el muro subió tan rápido: todos trabajaban de todo corazón.",
        ),
        11: StoryTranslation(
            "Daniel en el foso de los leones",
            Face("Daniel", "Oraba tres veces al día, con las ventanas abiertas hacia Jerusalén."),
            Face("El foso de los leones", "Cerrado con una piedra y sellado con el anillo del propio rey."),
            Face("Muy de mañana", "El rey Darío corrió al foso y encontró a Daniel sano y salvo."),
            "La respuesta de Daniel al rey desde dentro del foso.",
        ),
        12: StoryTranslation(
            "Jonás",
            Face("Jonás", "Un profeta que huyó de Dios y luego fue adonde Dios lo envió."),
            Face("Nínive", "Una gran ciudad que se apartó de su mal camino."),
            Face("Tres días en el gran pez", "Jonás oró desde adentro, y el pez lo dejó en tierra seca."),
            "El final de la oración de Jonás desde el vientre del pez.",
        ),
        13: StoryTranslation(
            "El nacimiento de Jesús",
            Face("María", "Guardaba todas estas cosas y las meditaba en su corazón."),
            Face("Belén", "La ciudad de David, donde no había lugar en el mesón."),
            Face("Nuevas de gran gozo", "Ángeles llenaron el cielo de noche sobre los pastores del campo."),
            "La noticia del ángel a los pastores aquella noche.",
        ),
        14: StoryTranslation(
            "Las bodas de Caná",
            Face("El maestresala", "Probó el agua hecha vino y dijo que era el mejor de la fiesta."),
            Face("Caná de Galilea", "Una fiesta de bodas donde se acabó el vino."),
            Face("Seis tinajas de piedra", "Llenas de agua hasta el borde; lo que sacaron era buen vino."),
            "Lo que María dijo a los sirvientes acerca de Jesús.",
        ),
        15: StoryTranslation(
            "La alimentación de los cinco mil",
            Face("Un muchacho con cinco panes", "Tenía cinco panes de cebada y dos pececillos para dar."),
            Face("Una ladera verde", "Había mucha hierba en aquel lugar, y la gente se sentó."),
            Face("Doce cestas de sobra", "Todos comieron hasta quedar satisfechos, y nada se perdió."),
            "Jesús: el que viene a él nunca tendrá hambre.",
        ),
        16: StoryTranslation(
            "Jesús camina sobre el agua",
            Face("Pedro", "Bajó de la barca y caminó hacia Jesús."),
            Face(
                "Una barca en la tormenta", "Azotada por las olas en medio del mar, con el viento en contra."
            ),
            Face("Señor, sálvame", "Pedro comenzó a hundirse, y Jesús lo tomó de la mano."),
            "Las palabras de Jesús a sus amigos asustados en la barca.",
        ),
        17: StoryTranslation(
            "El buen samaritano",
            Face("El samaritano", "Un extraño que se detuvo, vendó las heridas y pagó para que lo cuidaran."),
            Face("El mesón", "Donde el samaritano dejó dos denarios para que cuidaran al herido."),
            Face("Aceite y vino", "Sobre las heridas del hombre que el sacerdote y el levita dejaron atrás."),
            "Lo que Jesús dijo al intérprete de la ley sobre la misericordia.",
        ),
        18: StoryTranslation(
            "El hijo pródigo",
            Face("El padre", "Vio a su hijo cuando aún estaba lejos, y corrió a recibirlo."),
            Face("Un país lejano", "Donde el hijo malgastó todo y terminó cuidando cerdos."),
            Face("El mejor vestido y un anillo", "Una fiesta por el hijo que estaba perdido y fue hallado."),
            "La alegría del padre cuando su hijo volvió a casa.",
        ),
        19: StoryTranslation(
            "El sepulcro vacío",
            Face("María Magdalena", "Llegó al amanecer del primer día de la semana a ver el sepulcro."),
            Face("El sepulcro nuevo", "Labrado en la roca y cerrado con una gran piedra."),
            Face("La piedra removida", "Un ángel la hizo rodar de la entrada y se sentó sobre ella."),
            "La noticia del ángel a las mujeres en el sepulcro.",
        ),
        20: StoryTranslation(
            "Pablo en el camino a Damasco",
            Face("Saulo de Tarso", "Salió para arrestar a los creyentes y se encontró con Jesús."),
            Face("El camino a Damasco", "Cerca de la ciudad, lo rodeó una luz del cielo."),
            Face("Escamas de los ojos", "Ananías puso sus manos sobre él, y Saulo volvió a ver."),
            "La voz del cielo que detuvo a Saulo en el camino.",
        ),
    },
    "pt": {
        1: StoryTranslation(
            "Noé e a arca",
            Face("Noé", "Um homem justo que andava com Deus e construiu tudo como Deus lhe mandou."),
            Face("Os montes de Ararate", "Onde a arca repousou quando as águas baixaram."),
            Face("Um arco nas nuvens", "O sinal de Deus de que nunca mais vai inundar a terra inteira."),
            "O Senhor se agradou de Noé.",
        ),
        2: StoryTranslation(
            "Abraão e Isaque",
            Face("Abraão", "Confiou tanto em Deus que subiu o monte com seu filho."),
            Face("A terra de Moriá", "Três dias de caminhada até o monte que Deus lhe mostraria."),
            Face("Um carneiro no arbusto", "Preso pelos chifres, foi oferecido no lugar de Isaque."),
            "A resposta de Abraão quando Isaque perguntou pelo cordeiro.",
        ),
        3: StoryTranslation(
            "José e seus irmãos",
            Face("José", "Vendido como escravo pelos irmãos, depois governou todo o Egito."),
            Face("Os celeiros do Egito", "Grãos guardados nos sete anos de fartura para os sete de fome."),
            Face("Eu sou José, seu irmão", "Chorou alto e perdoou os irmãos que o tinham vendido."),
            "O que outros quiseram para o mal, Deus usou para salvar muitas vidas.",
        ),
        4: StoryTranslation(
            "Moisés no mar Vermelho",
            Face("Moisés", "Estendeu a mão sobre o mar, como Deus lhe mandou."),
            Face("O mar Vermelho", "Os carros de Faraó atrás, e águas profundas à frente."),
            Face("Terra seca no mar", "Um muro de água de cada lado, e Israel atravessou a pé."),
            "Fiquem quietos: o Senhor luta pelo seu povo.",
        ),
        5: StoryTranslation(
            "Josué em Jericó",
            Face("Josué", "Conduziu Israel ao redor da cidade, como o Senhor ordenou."),
            Face("As muralhas de Jericó", "Uma cidade bem fechada: ninguém saía e ninguém entrava."),
            Face("Sete chifres de carneiro", "No sétimo dia o povo gritou, e a muralha caiu."),
            "O que Josué disse ao povo na sétima volta.",
        ),
        6: StoryTranslation(
            "Rute e Noemi",
            Face("Rute", "Uma viúva de Moabe que não quis se afastar de Noemi."),
            Face("O campo de Boaz", "Onde Rute colhia espigas de cevada atrás dos segadores."),
            Face(
                "Punhados de propósito", "Boaz mandou os segadores deixarem cair espigas para Rute recolher."
            ),
            "A promessa de Rute de ir aonde quer que Noemi fosse.",
        ),
        7: StoryTranslation(
            "Davi e Golias",
            Face("Davi", "Um menino pastor que confiava mais no Senhor do que em qualquer armadura."),
            Face("O vale de Elá", "Dois exércitos em dois montes, e um gigante no meio."),
            Face(
                "Cinco pedras lisas e uma funda",
                "Escolhidas no riacho; então Davi correu ao encontro do gigante.",
            ),
            "A resposta de Davi à espada e à lança do gigante.",
        ),
        8: StoryTranslation(
            "Elias no monte Carmelo",
            Face("Elias", "Um só profeta do Senhor contra quatrocentos e cinquenta de Baal."),
            Face("O monte Carmelo", "Dois altares, dois bezerros e uma pergunta: quem é Deus?"),
            Face("Fogo do céu", "Queimou o sacrifício e as pedras, e até lambeu a água."),
            "O que todo o povo clamou quando o fogo caiu.",
        ),
        9: StoryTranslation(
            "Ester",
            Face("Ester", "Uma jovem rainha que ergueu a voz para salvar o seu povo."),
            Face("O palácio de Susã", "A corte do rei, onde ninguém entrava sem ser chamado."),
            Face("O cetro de ouro", "O rei o estendeu, e Ester se aproximou e viveu."),
            "A pergunta de Mardoqueu a Ester: seria para isso que ela se tornou rainha?",
        ),
        10: StoryTranslation(
            "Neemias reconstrói o muro",
            Face("Neemias", "O copeiro do rei que chorou por Jerusalém e depois foi reconstruí-la."),
            Face("As portas de Jerusalém", "Queimadas a fogo e em ruínas quando Neemias chegou."),
            Face(
                "Colher de pedreiro e espada",
                "Os construtores trabalhavam com uma mão e com a outra montavam guarda.",
            ),
            "Por que o muro subiu tão depressa: todos trabalhavam de todo o coração.",
        ),
        11: StoryTranslation(
            "Daniel na cova dos leões",
            Face("Daniel", "Orava três vezes por dia, com as janelas abertas para Jerusalém."),
            Face("A cova dos leões", "Fechada com uma pedra e selada com o anel do próprio rei."),
            Face("De manhã bem cedo", "O rei Dario correu à cova e encontrou Daniel são e salvo."),
            "A resposta de Daniel ao rei, de dentro da cova.",
        ),
        12: StoryTranslation(
            "Jonas",
            Face("Jonas", "Um profeta que fugiu de Deus e depois foi aonde Deus o mandou."),
            Face("Nínive", "Uma grande cidade que se converteu do seu mau caminho."),
            Face("Três dias no grande peixe", "Jonas orou lá de dentro, e o peixe o deixou em terra seca."),
            "O fim da oração de Jonas de dentro do peixe.",
        ),
        13: StoryTranslation(
            "O nascimento de Jesus",
            Face("Maria", "Guardava todas estas coisas e as meditava no coração."),
            Face("Belém", "A cidade de Davi, onde não havia lugar na estalagem."),
            Face("Novas de grande alegria", "Anjos encheram o céu da noite sobre os pastores no campo."),
            "A notícia do anjo aos pastores naquela noite.",
        ),
        14: StoryTranslation(
            "As bodas de Caná",
            Face("O mestre-sala", "Provou a água feita vinho e disse que era o melhor da festa."),
            Face("Caná da Galileia", "Uma festa de casamento onde o vinho acabou."),
            Face("Seis talhas de pedra", "Cheias de água até a borda; o que tiraram era vinho bom."),
            "O que Maria disse aos serventes sobre Jesus.",
        ),
        15: StoryTranslation(
            "A alimentação dos cinco mil",
            Face("Um rapaz com cinco pães", "Tinha cinco pães de cevada e dois peixinhos para dar."),
            Face("Uma encosta gramada", "Havia muita grama naquele lugar, e a multidão se assentou."),
            Face("Doze cestos de sobra", "Todos comeram até ficar satisfeitos, e nada se perdeu."),
            "Jesus: quem vem a ele nunca terá fome.",
        ),
        16: StoryTranslation(
            "Jesus anda sobre as águas",
            Face("Pedro", "Desceu do barco e andou em direção a Jesus."),
            Face("Um barco na tempestade", "Açoitado pelas ondas no meio do mar, com o vento contrário."),
            Face("Senhor, salva-me", "Pedro começou a afundar, e Jesus o segurou pela mão."),
            "As palavras de Jesus aos amigos assustados no barco.",
        ),
        17: StoryTranslation(
            "O bom samaritano",
            Face("O samaritano", "Um estranho que parou, enfaixou as feridas e pagou pelos cuidados."),
            Face("A estalagem", "Onde o samaritano deixou dois denários para cuidarem do ferido."),
            Face("Azeite e vinho", "Nas feridas do homem que o sacerdote e o levita deixaram para trás."),
            "O que Jesus disse ao doutor da lei sobre a misericórdia.",
        ),
        18: StoryTranslation(
            "O filho pródigo",
            Face("O pai", "Viu o filho quando ainda estava longe e correu ao seu encontro."),
            Face("Uma terra distante", "Onde o filho desperdiçou tudo e acabou cuidando de porcos."),
            Face("A melhor roupa e um anel", "Uma festa para o filho que estava perdido e foi achado."),
            "A alegria do pai quando o filho voltou para casa.",
        ),
        19: StoryTranslation(
            "O túmulo vazio",
            Face("Maria Madalena", "Chegou ao amanhecer do primeiro dia da semana para ver o sepulcro."),
            Face("O sepulcro novo", "Escavado na rocha e fechado com uma grande pedra."),
            Face("A pedra removida", "Um anjo a rolou da entrada e se sentou sobre ela."),
            "A notícia do anjo às mulheres no sepulcro.",
        ),
        20: StoryTranslation(
            "Paulo no caminho de Damasco",
            Face("Saulo de Tarso", "Saiu para prender os crentes e acabou encontrando Jesus."),
            Face("O caminho de Damasco", "Perto da cidade, uma luz do céu brilhou ao seu redor."),
            Face("Escamas dos olhos", "Ananias impôs as mãos sobre ele, e Saulo voltou a enxergar."),
            "A voz do céu que deteve Saulo no caminho.",
        ),
    },
}
